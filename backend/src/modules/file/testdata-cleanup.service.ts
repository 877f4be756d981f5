import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { UNFINISHED_JUDGE_STATUSES } from '@oj/contracts';
import { promises as fs } from 'fs';
import * as path from 'path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { JudgeQueueService } from '../judge-queue/judge-queue.service';
import { StoredVersion } from '../problem/testcase-store';
import { TestcaseService } from '../problem/testcase.service';

export interface TestdataCleanupOptions {
  /** A replaced version (or a leftover of a deleted problem) is kept at least this long after its mtime. */
  graceMs: number;
  /** Staged uploads (POST /api/file/upload-testcase-zip) not saved into a problem within this are removed. */
  stagedUploadMaxAgeMs: number;
}
export const TESTDATA_CLEANUP_OPTIONS = Symbol('TESTDATA_CLEANUP_OPTIONS');
export const DEFAULT_TESTDATA_CLEANUP_OPTIONS: TestdataCleanupOptions = { graceMs: 3600_000, stagedUploadMaxAgeMs: 24 * 3600_000 };
/** How often every replica sweeps; removals are idempotent, so replicas racing each other is harmless. */
export const TESTDATA_CLEANUP_INTERVAL_MS = 10 * 60_000;

export interface CleanupReport {
  removed: { pid: number; name: string; kind: StoredVersion['kind'] }[];
  stagedUploads: number;
}

/**
 * Removes test data nobody can need any more: case sets and judge packages of a problem that are not current,
 * not the package of an unfinished submission's job (jobs carry the package version; a submission without a
 * job is re-enqueued by the sweeper with the current one) and older than the grace period; folders of problems
 * that no longer exist; and stale staged uploads. A version's age is its mtime, which TestcaseStore sets when
 * the version is replaced or written again, so a version that was current a moment ago is always kept.
 */
@Injectable()
export class TestdataCleanupService {
  private readonly logger = new Logger(TestdataCleanupService.name);
  private readonly options: TestdataCleanupOptions;
  private running?: Promise<CleanupReport>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly testcases: TestcaseService,
    private readonly queue: JudgeQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(TESTDATA_CLEANUP_OPTIONS) options?: Partial<TestdataCleanupOptions>,
  ) {
    this.options = { ...DEFAULT_TESTDATA_CLEANUP_OPTIONS, ...options };
  }

  @Interval(TESTDATA_CLEANUP_INTERVAL_MS)
  async tick(): Promise<void> {
    const report = await this.sweep().catch((e: Error) => {
      this.logger.warn(`test data cleanup failed: ${e.message}`);
      return null;
    });
    if (report?.removed.length || report?.stagedUploads) {
      this.logger.log(`removed ${report.removed.length} old test data version(s), ${report.stagedUploads} staged upload(s)`);
    }
  }

  /** One pass (one at a time per replica); `now` lets tests look from later. */
  sweep(now: number = Date.now()): Promise<CleanupReport> {
    if (!this.running) this.running = this.sweepOnce(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(now: number): Promise<CleanupReport> {
    const store = this.testcases.store;
    const old = (v: { mtimeMs: number }) => now - v.mtimeMs > this.options.graceMs;
    const problems = new Map<number, string>(
      ((await this.dataSource.query(`SELECT id, case_version FROM problem`)) as { id: number; case_version: string }[]).map((r) => [
        r.id,
        r.case_version,
      ]),
    );
    const report: CleanupReport = { removed: [], stagedUploads: 0 };
    const candidates = new Map<number, StoredVersion[]>();
    for (const pid of await store.storedProblemIds()) {
      const stored = await store.storedVersions(pid);
      if (!problems.has(pid)) {
        // A deleted problem (or one whose creating transaction failed): all of it once nothing is recent.
        if (stored.every(old)) candidates.set(pid, stored);
        continue;
      }
      const current = problems.get(pid);
      const gone = stored.filter((v) => old(v) && !(v.kind === 'package' && v.version === current) && v.kind !== 'cases');
      const sets = stored.filter((v) => v.kind === 'cases' && old(v));
      if (sets.length) {
        const used = await this.currentCaseSets(pid);
        gone.push(...sets.filter((v) => !used.has(v.version)));
      }
      if (gone.length) candidates.set(pid, gone);
    }
    const needed = await this.packagesOfUnfinishedJobs([...candidates.keys()].filter((pid) => problems.has(pid)));
    for (const [pid, entries] of candidates) {
      for (const v of entries) {
        if (v.kind === 'package' && needed.has(`${pid}/${v.version}`)) continue;
        if (await store.removeVersion(pid, v, now - this.options.graceMs)) report.removed.push({ pid, name: v.name, kind: v.kind });
      }
    }
    report.stagedUploads = await this.removeStaleUploads(now);
    return report;
  }

  /** Case set folders the problem's case rows point at. */
  private async currentCaseSets(pid: number): Promise<Set<string>> {
    const rows: { set: string }[] = await this.dataSource.query(
      `SELECT DISTINCT split_part(input, '/', 1) AS set FROM problem_case WHERE pid = $1
        UNION SELECT DISTINCT split_part(output, '/', 1) FROM problem_case WHERE pid = $1`,
      [pid],
    );
    return new Set(rows.map((r) => r.set));
  }

  /** `pid/version` of the packages that the jobs of unfinished submissions of these problems will fetch. */
  private async packagesOfUnfinishedJobs(pids: number[]): Promise<Set<string>> {
    const out = new Set<string>();
    if (pids.length === 0) return out;
    const rows: { submit_id: number; pid: number }[] = await this.dataSource.query(
      `SELECT submit_id, pid FROM judge WHERE pid = ANY($1) AND status = ANY($2)`,
      [pids, [...UNFINISHED_JUDGE_STATUSES]],
    );
    for (const r of rows) {
      const job = await this.queue.queue.getJob(String(r.submit_id));
      const version = (job?.data as { packageVersion?: unknown } | undefined)?.packageVersion;
      if (typeof version === 'string') out.add(`${r.pid}/${version}`);
    }
    return out;
  }

  private async removeStaleUploads(now: number): Promise<number> {
    const root = path.join(this.config.paths.dataDir, 'testcase-upload');
    const names = await fs.readdir(root).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const stat = await fs.stat(path.join(root, name)).catch(() => null);
      if (!stat || now - stat.mtimeMs <= this.options.stagedUploadMaxAgeMs) continue;
      await fs.rm(path.join(root, name), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }
}
