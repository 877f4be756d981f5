import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JudgeStatus, REMOTE_JUDGE_TIMINGS } from '@oj/contracts';
import type { RemoteJudgeJobData } from '@oj/contracts';
import type { Job } from 'bull';
import { randomUUID } from 'crypto';
import { setTimeout as sleep } from 'timers/promises';
import { Repository } from 'typeorm';
import { MetricsService } from '../../core/observability/metrics.service';
import { SiteConfigService } from '../../core/site-config/site-config.service';
import { JudgeEventsService } from '../judge/judge-events.service';
import { JudgeResultService } from '../judge/judge-result.service';
import { ProblemService } from '../problem/problem.service';
import { SubmissionReader } from '../submission-store/submission-reader.service';
import { SubmissionWriter } from '../submission-store/submission-writer.service';
import { RemoteJudgeAccount } from './entities/remote-judge-account.entity';
import { RemoteHttpFailure } from './http/remote-http';
import { AccountLease, RemoteAccountLeases } from './remote-account-leases.service';
import { RemoteSites } from './remote-sites.service';
import { RemoteJudgeError } from './sites/site-adapter';
import type { RemoteRunState, RemoteSession, SiteAdapter } from './sites/site-adapter';

/** What the job runner needs of a submission row. */
interface RemoteRow {
  submitId: number;
  version: number;
  pid: number;
  language: string;
  code: string;
  counted: boolean;
  remoteRunId: string | null;
  remoteAccountId: number | null;
}

/** Failures worth another try of the job later (Bull's backoff): the site may answer then. */
const RETRYABLE = new Set(['rate-limited', 'unavailable']);

/**
 * Forwards a remote problem's submission to its site and follows the run to its verdict (issue 34). One job per
 * submission version on the `remote-judge` queue, run by the backend (remote-judge.processor.ts):
 *
 * 1. A stored run id means the site already has the submission (a restart, a retried job, a rejudge): only poll.
 * 2. Otherwise lease a free account of the site (waiting while all are held), log it in if its cookies no longer
 *    hold a login, read its newest run, submit, and store the account and run id before anything else.
 *    A submit whose answer was lost (timeout) is settled by reading the newest run again: a newer one is ours; none
 *    means the site never got it, and the job's next try submits. Never a blind second submit.
 * 3. Poll until the run is final, then write the verdict once through the judge module's result writer (statistics,
 *    contests, events as for a local verdict).
 *
 * Every failure ends as Submitted Failed with "[SITE] step: cause", except the retryable ones (rate limit, the site
 * unavailable), which Bull tries again until its attempts run out.
 */
@Injectable()
export class RemoteJudgeService {
  private readonly logger = new Logger(RemoteJudgeService.name);

  constructor(
    @InjectRepository(RemoteJudgeAccount) private readonly accounts: Repository<RemoteJudgeAccount>,
    private readonly sites: RemoteSites,
    private readonly leases: RemoteAccountLeases,
    private readonly reader: SubmissionReader,
    private readonly writer: SubmissionWriter,
    private readonly problems: ProblemService,
    private readonly results: JudgeResultService,
    private readonly events: JudgeEventsService,
    private readonly siteConfig: SiteConfigService,
    private readonly metrics: MetricsService,
  ) {}

  /** Runs one job; throws only to have Bull try it again later. */
  async run(job: Job<RemoteJudgeJobData>): Promise<void> {
    const { submitId, version } = job.data;
    const row = (await this.reader.find(submitId)) as RemoteRow | null;
    if (!row || row.counted || row.version !== version) return; // judged, deleted or rejudged meanwhile
    const problem = await this.problems.findById(row.pid).catch(() => null);
    const oj = problem?.remoteOj ?? '';
    const adapter = this.sites.adapter(oj);
    if (!problem?.isRemote || !adapter) return this.fail(row, `[${oj || '?'}] submit: this platform has no adapter for the site`);
    if (!row.remoteRunId && (await this.siteConfig.get('remoteJudge')).disabledSites.includes(oj))
      return this.fail(row, `[${oj}] submit: the site is switched off on this platform`);
    const remoteId = problem.problemId.startsWith(`${oj}-`) ? problem.problemId.slice(oj.length + 1) : problem.problemId;
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      let runId = row.remoteRunId;
      let accountId = row.remoteAccountId;
      if (!runId) {
        const language = adapter.languages.find((l) => l.name === row.language || l.key === row.language);
        if (!language) return this.fail(row, `[${oj}] submit: the site has no language "${row.language}"`);
        ({ runId, accountId } = await this.submit(adapter, row, remoteId, language.key));
        if (!runId) return; // the row changed meanwhile (rejudged, judged): nothing more to do
      }
      const account = await this.accounts.findOne({ where: { id: accountId! } });
      if (!account) return this.fail(row, `[${oj}] poll: the account of run ${runId} was deleted`);
      const session = await this.sites.session(adapter, account.id, account);
      // Some sites show a run only to its account (Codeforces' "my submissions"): a run submitted by an earlier job
      // (a restart, a rejudge) is polled with a session that may hold no login yet. This job's own submit logged in.
      if (row.remoteRunId && !(await adapter.isLoggedIn(session))) await adapter.login(session);
      await this.follow(adapter, session, row, runId, remoteId);
    } catch (err) {
      const message = describe(oj as SiteAdapter['site'], err);
      const retryable =
        err instanceof RemoteHttpFailure || (err instanceof RemoteJudgeError && RETRYABLE.has(err.kind)) || err instanceof NoFreeAccount;
      if (retryable && !lastAttempt) {
        this.logger.warn(`submission ${submitId}: ${message}; tried again later`);
        throw err;
      }
      this.logger.warn(`submission ${submitId}: ${message}`);
      await this.fail(row, message);
    }
  }

  /** Step 2: lease an account and submit through it; answers the stored run id (null: the row moved on). */
  private async submit(
    adapter: SiteAdapter,
    row: RemoteRow,
    remoteId: string,
    languageKey: string,
  ): Promise<{ runId: string | null; accountId: number }> {
    const lease = await this.lease(adapter);
    const account = (await this.accounts.findOne({ where: { id: lease.accountId } }))!;
    try {
      const session = await this.sites.session(adapter, account.id, account);
      try {
        if (!(await adapter.isLoggedIn(session))) await adapter.login(session);
      } catch (err) {
        if (err instanceof RemoteJudgeError && err.kind === 'login-refused') this.sites.forget(account.id);
        await this.noteAccountError(account, describe(adapter.site, err));
        throw err;
      }
      const before = await adapter.latestRunId(session, remoteId);
      await this.leases.waitSubmitGap(account.id, adapter.site);
      let runId: string;
      try {
        runId = await adapter.submit(session, remoteId, languageKey, row.code, before);
      } catch (err) {
        if (!(err instanceof RemoteHttpFailure)) throw err;
        // The answer was lost (a timeout, a connection broken after the request went out), not necessarily the
        // submit: a run newer than `before` is this one; none, and the job's next try submits.
        const after = await adapter.latestRunId(session, remoteId);
        if (!after || after === before) throw err;
        runId = after;
      }
      const stored = await this.writer.markRemoteSubmitted(row.submitId, row.version, account.id, runId);
      await this.accounts.update(account.id, { lastUsedAt: new Date(), lastError: null, lastErrorAt: null });
      await this.events.pushStored(row.submitId).catch(() => undefined);
      return { runId: stored ? runId : null, accountId: account.id };
    } finally {
      await lease.release();
    }
  }

  /** Waits for a free enabled account of the site (all held: the wait goes on; none at all: a clear failure). */
  private async lease(adapter: SiteAdapter): Promise<AccountLease> {
    const holder = randomUUID();
    const started = Date.now();
    const deadline = started + REMOTE_JUDGE_TIMINGS.accountLeaseMs * 5;
    let ids: number[] = [];
    for (let round = 0; ; round++) {
      // least recently used first, so the work spreads over the accounts; the list is read again every 10th round
      // only (a submission waiting behind many others would otherwise query it twice a second)
      if (round % 10 === 0) {
        ids = (
          await this.accounts.find({
            select: { id: true },
            where: { oj: adapter.site, enabled: true },
            order: { lastUsedAt: { direction: 'ASC', nulls: 'FIRST' } },
          })
        ).map((a) => a.id);
      }
      if (!ids.length) throw new RemoteJudgeError(adapter.site, 'submit', 'rejected', 'no enabled account for this site');
      const lease = await this.leases.tryAcquire(ids, holder);
      if (lease) {
        this.metrics.remoteAccountWait.observe({ site: adapter.site }, (Date.now() - started) / 1000);
        return lease;
      }
      if (Date.now() > deadline) throw new NoFreeAccount(adapter.site);
      await sleep(REMOTE_JUDGE_TIMINGS.accountWaitMs);
    }
  }

  /** Step 3: polls until the run is final and writes the verdict. */
  private async follow(adapter: SiteAdapter, session: RemoteSession, row: RemoteRow, runId: string, remoteId: string): Promise<void> {
    const started = Date.now();
    const schedule = REMOTE_JUDGE_TIMINGS.pollScheduleMs;
    let shown: JudgeStatus | undefined;
    for (let i = 0; ; i++) {
      const state = await adapter.poll(session, runId, remoteId);
      if (state.phase === 'final') return this.finish(adapter, row, runId, state);
      const status = state.phase === 'judging' ? JudgeStatus.Judging : JudgeStatus.Pending;
      if (status !== shown) {
        shown = status;
        await this.writer.markRemoteStatus(row.submitId, row.version, status);
        await this.events.pushStored(row.submitId).catch(() => undefined);
      }
      if (Date.now() - started > REMOTE_JUDGE_TIMINGS.pollGiveUpMs) {
        return this.finish(adapter, row, runId, { phase: 'final', status: JudgeStatus.SystemError, remoteVerdict: 'no verdict in time' });
      }
      await sleep(schedule[Math.min(i, schedule.length - 1)]);
    }
  }

  private async finish(adapter: SiteAdapter, row: RemoteRow, runId: string, state: RemoteRunState): Promise<void> {
    const status = state.status ?? JudgeStatus.SystemError;
    if (
      state.status === undefined ||
      (status === JudgeStatus.SystemError && !(state.remoteVerdict.trim().toLowerCase() in adapter.verdicts))
    )
      this.logger.warn(`[${adapter.site}] run ${runId}: unknown verdict "${state.remoteVerdict}" taken as System Error`);
    if (
      await this.results.apply(row.submitId, row.version, {
        status,
        time: state.time ?? 0,
        memory: state.memory ?? 0,
        score: state.score ?? 0,
        compileInfo: state.compileMessage,
        errorMessage: status === JudgeStatus.SystemError ? `[${adapter.site}] ${state.remoteVerdict}` : undefined,
        judger: `${adapter.site} #${runId}`,
        cases: [],
      })
    )
      this.metrics.remoteRuns.inc({ site: adapter.site, outcome: 'judged' });
    await this.events.pushStored(row.submitId).catch(() => undefined);
  }

  private async fail(row: RemoteRow, message: string, site = message.slice(1, message.indexOf(']'))): Promise<void> {
    if (await this.writer.markSubmittedFailed(row.submitId, row.version, message)) {
      this.metrics.remoteRuns.inc({ site, outcome: 'failed' });
      await this.events.pushStored(row.submitId).catch(() => undefined);
    }
  }

  private async noteAccountError(account: RemoteJudgeAccount, message: string): Promise<void> {
    await this.accounts.update(account.id, { lastError: message, lastErrorAt: new Date() });
  }
}

/** Every account of the site stayed leased for the whole wait: Bull tries the job again later. */
class NoFreeAccount extends Error {
  constructor(site: string) {
    super(`[${site}] submit: every account of the site stayed busy`);
  }
}

/** One line for a failure: the adapter's own "[SITE] step: cause", or the transport's cause in the same form. */
function describe(site: SiteAdapter['site'], err: unknown): string {
  if (err instanceof RemoteJudgeError || err instanceof NoFreeAccount) return err.message;
  if (err instanceof RemoteHttpFailure) return `[${site}] request: ${err.message}`;
  return `[${site}] error: ${err instanceof Error ? err.message : String(err)}`;
}
