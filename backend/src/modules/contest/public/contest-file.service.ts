import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestType, JudgeStatus } from '@oj/contracts';
import type { Readable } from 'stream';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../../core/http/api.exception';
import { zipStream } from '../../../core/archive/safe-zip';
import { JudgeServerRegistry } from '../../judge-queue/judge-server-registry.service';
import { notContestAdmin } from '../contest-admins.sql';
import { ContestAccess } from '../contest-access.service';
import { ContestPrint } from '../entities/contest-print.entity';

/** How the accepted code of a contest is foldered (HOJ splitType): a folder per user, or per problem. */
export type AcSubmissionSplit = 'user' | 'problem';

interface AcRow {
  submitId: number;
  username: string;
  displayId: string;
  language: string;
  code: string;
  score: number | null;
  submitTime: Date;
}

/** A name part inside the zip: no folders, no `..`, nothing a file system refuses. */
const part = (s: string) => s.replace(/[\\/:*?"<>|]|\p{Cc}/gu, '_').replace(/^\.+$/, '_') || '_';

/** HOJ's time stamp in file names: yyyyMMddHHmmss of the server's clock. */
function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * HOJ's ContestFileController: a contest's accepted code as a zip and a print request as a text file, for the
 * contest's admins (the caller checks).
 */
@Injectable()
export class ContestFileService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly registry: JudgeServerRegistry,
  ) {}

  /**
   * download-contest-ac-submission: the code of the contest's submissions made between its start and end that
   * count (ACM: accepted, every one; OI: scored, the latest per user and problem, its score in the name), newest
   * first, in a folder per user (`<user>/<displayId>_(time).<ext>`) or per problem (`<displayId>/<user>_(time).<ext>`),
   * as HOJ names them. `excludeAdmin` leaves the contest's admins' code out.
   */
  async acSubmissionZip(a: ContestAccess, excludeAdmin: boolean, split: AcSubmissionSplit): Promise<{ name: string; zip: Readable }> {
    const c = a.contest;
    const acm = c.type === ContestType.ACM;
    const rows: AcRow[] = await this.db.query(
      `SELECT j.submit_id AS "submitId", j.username, cp.display_id AS "displayId", j.language, j.code, j.score,
              j.submit_time AS "submitTime"
         FROM judge j JOIN contest_problem cp ON cp.cid = j.cid AND cp.pid = j.pid
        WHERE j.cid = $1 AND j.submit_time BETWEEN $2 AND $3
          AND ${acm ? `j.status = ${JudgeStatus.Accepted}` : 'j.score IS NOT NULL'}
          ${excludeAdmin ? `AND ${notContestAdmin('j.uid', '$4', c.gid)}` : ''}
        ORDER BY j.submit_time DESC, j.submit_id DESC`,
      excludeAdmin ? [c.id, c.startTime, c.endTime, c.uid] : [c.id, c.startTime, c.endTime],
    );
    const extensions = new Map((await this.registry.languages()).map((l) => [l.name, l.sourceFile.split('.').pop() || 'txt']));
    const seen = new Set<string>();
    const names = new Set<string>();
    const files: [string, string, Date][] = [];
    for (const r of rows) {
      // OI: only the latest submission of a user on a problem (rows come newest first).
      if (!acm) {
        const key = `${r.username}\u0000${r.displayId}`;
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const [folder, file] = split === 'problem' ? [r.displayId, r.username] : [r.username, r.displayId];
      const score = acm ? '' : `_${r.score}`;
      const ext = extensions.get(r.language) ?? 'txt';
      let name = `${part(folder)}/${part(file)}${score}_(${stamp(r.submitTime)}).${ext}`;
      // Two accepted tries within one second would share HOJ's name: the later ones get their submission id.
      if (names.has(name)) name = name.replace(/\.[^.]*$/, `_${r.submitId}$&`);
      names.add(name);
      files.push([name, r.code, r.submitTime]);
    }
    return { name: `contest_${c.id}_${Date.now()}.zip`, zip: zipStream(files) };
  }

  /** download-contest-print-text: a print request as `<user>_Contest_Print.txt` (HOJ's name), with its contest. */
  async printText(id: number): Promise<{ cid: number; name: string; text: Buffer }> {
    const print = await this.db.getRepository(ContestPrint).findOneBy({ id });
    if (!print) throw new NotFoundError();
    return { cid: print.cid, name: `${part(print.username)}_Contest_Print.txt`, text: Buffer.from(print.content, 'utf8') };
  }
}
