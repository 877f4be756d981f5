import { Injectable, Logger } from '@nestjs/common';
import { basename } from 'path';
import { JUDGING_ERR, REMOTE_OJS } from '@oj/contracts';
import type { RemoteOj } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError } from '../../../core/http/api.exception';
import { emptyProblem } from '../../problem/imported-problem';
import type { Problem } from '../../problem/entities/problem.entity';
import { ProblemService } from '../../problem/problem.service';
import { UploadService } from '../../upload/upload.service';
import { RemoteHttp, RemoteHttpFailure } from '../http/remote-http';
import { RemoteSites } from '../remote-sites.service';
import { RemoteJudgeError } from '../sites/site-adapter';
import { copyStatementImages, servedBySite } from './statement-images';

/**
 * GET /api/admin/problem/import-remote-oj-problem (issue 34): reads a problem page of a remote judge and stores it
 * as a remote problem of our bank, under HOJ's id form (`HDU-1000`): its statement, limits, samples and tags, a link
 * to the original as its source, and no test data (its submissions are judged on that site). Its pictures are copied
 * into our uploads (statement-images.ts).
 */
@Injectable()
export class RemoteProblemImportService {
  private readonly logger = new Logger(RemoteProblemImportService.name);

  constructor(
    private readonly sites: RemoteSites,
    private readonly problems: ProblemService,
    private readonly uploads: UploadService,
  ) {}

  /** Imports a problem not imported before (the problem list's import). */
  async import(name: string, remoteId: string, user: AuthUser): Promise<Problem> {
    const { oj, id } = this.check(name, remoteId);
    if (await this.problems.findRow({ problemId: `${oj}-${id}` })) throw new BadRequestError(JUDGING_ERR.remoteProblemExists);
    return this.fetchAndSave(oj, id, user);
  }

  /** The problem, imported now or before (the contest's and the training's import, which then link it). */
  async importOrFind(name: string, remoteId: string, user: AuthUser): Promise<Problem> {
    const { oj, id } = this.check(name, remoteId);
    return (await this.problems.findRow({ problemId: `${oj}-${id}` })) ?? this.fetchAndSave(oj, id, user);
  }

  private check(name: string, remoteId: string): { oj: RemoteOj; id: string } {
    const oj = name.trim().toUpperCase() as RemoteOj;
    const adapter = REMOTE_OJS.includes(oj) ? this.sites.adapter(oj) : undefined;
    if (!adapter) throw new BadRequestError(JUDGING_ERR.remoteOjUnknown);
    const id = remoteId.trim();
    if (!adapter.remoteIdPattern.test(id)) throw new BadRequestError(JUDGING_ERR.remoteProblemIdInvalid);
    return { oj, id };
  }

  private async fetchAndSave(oj: RemoteOj, id: string, user: AuthUser): Promise<Problem> {
    const adapter = this.sites.adapter(oj)!;
    let fetched;
    const http = await this.sites.importHttp(adapter);
    try {
      fetched = await adapter.fetchProblem(http, id);
    } catch (err) {
      const reason =
        err instanceof RemoteJudgeError
          ? err.message
          : err instanceof RemoteHttpFailure
            ? `[${oj}] fetch: ${err.message}`
            : `[${oj}] fetch: ${(err as Error).message}`;
      this.logger.warn(`import of ${oj}-${id} failed: ${reason}`);
      throw Object.assign(new BadRequestError(JUDGING_ERR.remoteImportFailed), { data: reason });
    }
    const images = await copyStatementImages(fetched, async (url) =>
      servedBySite(url, http.baseUrl) ? this.copyImage(http, url, user) : null,
    );
    if (images.kept.length) this.logger.warn(`import of ${oj}-${id}: pictures kept at the site: ${images.kept.join(' ')}`);
    fetched = images.problem;
    // The site's own display id wins over ours (a site may normalise the case: `cf 1000a` is `CF-1000A`).
    const problemId = fetched.problemId || `${oj}-${id}`;
    if (problemId !== `${oj}-${id}` && (await this.problems.findRow({ problemId })))
      throw new BadRequestError(JUDGING_ERR.remoteProblemExists);
    return this.problems.save(
      {
        ...emptyProblem(),
        problemId,
        title: fetched.title,
        author: user.username,
        description: fetched.description,
        input: fetched.input,
        output: fetched.output,
        hint: fetched.hint,
        source: fetched.url,
        timeLimit: fetched.timeLimit,
        memoryLimit: fetched.memoryLimit,
        examples: fetched.examples,
        tags: [...new Set(fetched.tags.map((t) => t.trim()).filter(Boolean))],
        remoteOj: oj,
        casesToStore: null,
      },
      user,
    );
  }

  /** One statement picture fetched with the import's session and stored as an upload; null keeps its address. */
  private async copyImage(http: RemoteHttp, url: string, user: AuthUser): Promise<string | null> {
    try {
      const res = await http.get(url, { headers: { accept: 'image/*' } });
      if (res.status !== 200) return null;
      const row = await this.uploads.store('markdown', user, { buffer: res.body, size: res.body.length, originalname: basename(url) });
      return UploadService.link(row.name);
    } catch {
      return null; // unreachable, too large or not an image: the statement keeps the site's address
    }
  }
}
