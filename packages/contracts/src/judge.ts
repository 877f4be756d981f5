/**
 * The contract between the backend and the judge workers: the Bull queue, the job,
 * its progress and its result, the problem package format, and the worker registry.
 */
import { JudgeStatus } from './result-codes';
import type { CaseGroup, SubtaskResult } from './subtask';

/**
 * Bull queue name. The Bull key prefix is the installation's (installationPrefixes) unless BULL_PREFIX says
 * otherwise, so two installations sharing one Redis never share a queue.
 */
export const JUDGE_QUEUE = 'judge';

/**
 * How long a Bull connection (the backend's queue and the judge workers') waits before its next attempt to reach
 * Redis, by attempt number. Bull's own default grows as e^attempt up to 20 s: after a Redis outage of 10 s or more
 * the queue stayed unreachable for up to 20 s after Redis was back (every submit hung; crash-safety test). Capped at
 * 2 s like ioredis's default for every other connection.
 */
export const bullRedisRetryDelayMs = (attempt: number): number => Math.min(attempt * 100, 2000);

/**
 * Default Redis key prefix and Bull prefix of an installation, derived from its id (made once and kept in its
 * database). The backend and the judge workers derive them the same way.
 */
export function installationPrefixes(installationId: string): { redis: string; bull: string } {
  return { redis: `oj:${installationId}:`, bull: `bull-${installationId}` };
}

/** GET (with X-Judge-Token) answering { installationId, bullPrefix }: how a worker given only BACKEND_URL finds its queue. */
export const JUDGE_INSTALLATION_PATH = '/api/judge/installation';
export interface JudgeInstallationInfo {
  installationId: string;
  bullPrefix: string;
}
/** Bull priorities: lower runs first. Contest submissions are judged before practice ones. */
export const JUDGE_PRIORITY = { contest: 1, normal: 5, rejudge: 10 } as const;

/**
 * Where a waiting submission stands in the judge queue (not in HOJ; its client ignores unknown fields). Added to the
 * rows of the status list, to the submission detail and to the submission stream's events.
 */
export interface QueueEstimate {
  /** 1 = the next job a worker takes: jobs ahead are counted by (priority, then arrival). Null when not waiting. */
  queuePosition: number | null;
  /** queuePosition / the recent drain rate, in whole seconds; null when not waiting or nothing was judged recently. */
  queueWaitSeconds: number | null;
}
/** The drain rate is measured over the judgements finished within this window (ms)... */
export const QUEUE_RATE_WINDOW_MS = 5 * 60_000;
/** ...and over at most this many of the latest ones, so that a queue busy again after a quiet spell is measured at its current pace. */
export const QUEUE_RATE_SAMPLE = 50;

/** Redis key prefix under which each worker announces itself (value: JSON JudgeServerInfo, TTL). */
export const JUDGE_SERVER_KEY_PREFIX = 'oj:judge:server:';
/** A worker's registry key: under its queue's prefix, so installations sharing a Redis list only their own workers. */
export const judgeServerKey = (bullPrefix: string, name: string): string => `${JUDGE_SERVER_KEY_PREFIX}${bullPrefix}:${name}`;
export const JUDGE_SERVER_HEARTBEAT_SEC = 10;
export const JUDGE_SERVER_TTL_SEC = 30;

export interface JudgeServerInfo {
  name: string;
  hostname: string;
  pid: number;
  concurrency: number;
  /** Languages this worker can judge (display names, e.g. "C++ With O2"). */
  languages: LanguageInfo[];
  cgroup: 'v1' | 'v2' | 'none';
  startedAt: string;
  lastHeartbeat: string;
  /** HOJ's judge server figures (get-sys-config): cores, CPU and memory use of the machine as "12.34%". */
  cpuCores?: number;
  percentCpuLoad?: string;
  percentMemoryLoad?: string;
  /** The port the worker serves its /metrics on (JUDGE_METRICS_PORT), 0 when it serves none. */
  metricsPort?: number;
}

/**
 * An instance as HOJ's service registry (Nacos) lists it, the shape HOJ's dashboard reads. `metadata` carries
 * Nacos' `nacos.healthy` ('true' / 'false'): here, whether the instance's heartbeat is recent.
 */
export interface RegistryInstance {
  serviceId: string;
  instanceId: string;
  host: string;
  port: number;
  secure: boolean;
  uri: string;
  metadata: Record<string, string>;
}

/** A worker or replica is healthy while its last heartbeat is at most two beats old (it is listed for up to three). */
export function heartbeatHealthy(lastHeartbeat: string, heartbeatSec: number, now = Date.now()): boolean {
  return now - new Date(lastHeartbeat).getTime() <= 2 * heartbeatSec * 1000;
}

/**
 * One judge of GET /api/admin/config/get-judge-service-info: the worker's announcement and HOJ's `service`, with
 * `metadata.judgeName` (the worker's name) and `metadata['nacos.healthy']`. Workers pull their jobs from Redis and
 * listen on no port of their own: `port` is their metrics port, 0 when they serve none.
 */
export type JudgeServiceInfo = JudgeServerInfo & { service: RegistryInstance };

/** A share as HOJ's dashboard prints it: two decimals and a percent sign. */
export function percentText(fraction: number): string {
  return `${(Math.min(1, Math.max(0, fraction)) * 100).toFixed(2)}%`;
}

export interface LanguageInfo {
  /** Short id used by the CLI, e.g. "cpp17-o2". */
  id: string;
  /** Display name as users know it (HOJ names), e.g. "C++ 17 With O2". Submissions carry this. */
  name: string;
  /** Highlighting mode for the editor, e.g. "text/x-c++src". */
  contentType: string;
  compileCommand?: string;
  runCommand: string;
  /** Source file name inside the sandbox. */
  sourceFile: string;
  isSpj: boolean;
  /** Compiler or runtime and its version, e.g. "GCC 12.2.0" (from the worker's Debian package). */
  version?: string;
  /** The problem's time limit is multiplied by this for the language. */
  timeFactor?: number;
  /** MB added to the problem's memory limit for the runtime's own overhead (the JVM). */
  memoryExtraMb?: number;
}

/** Special judge / interactor conventions (see ProblemPackage.checkerProtocol). */
export type CheckerProtocol = 'testlib' | 'domjudge';
export const CHECKER_PROTOCOLS: readonly CheckerProtocol[] = ['testlib', 'domjudge'];

/** problem.json of a problem package directory (CLI `--problem DIR`, and what workers download). */
export interface ProblemPackage {
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  /** MB */
  stackLimit: number;
  judgeMode: 'default' | 'spj' | 'interactive';
  type: 'acm' | 'oi';
  isRemoveEndBlank: boolean;
  /** File IO: the program reads `input` and writes `output` in its work dir instead of stdin/stdout. */
  fileIO?: { input: string; output: string } | null;
  /** Cases in judging order; files are relative to the package dir. Defaults to 1.in/1.out, 2.in/2.out, ... */
  cases?: { caseId?: number; input: string; output: string; score?: number; groupNum?: number | null }[];
  /**
   * OI only: test groups (subtasks). Cases naming a group are each worth the group's score and are scored
   * together by its rule; the submission's score is the groups' scores plus the ungrouped cases' scores.
   */
  groups?: CaseGroup[] | null;
  /** Language name of checker.<ext> / interactor.<ext>, when judgeMode is not default. */
  checkerLanguage?: string;
  /**
   * Special judge / interactor convention: testlib (`checker input output answer`, testlib exit codes) or
   * domjudge, the Kattis output validator convention (`validator input answer feedback_dir/`, the program's
   * output on stdin, exit 42 accepted / 43 wrong answer, message in feedback_dir/judgemessage.txt).
   */
  checkerProtocol?: CheckerProtocol;
  /**
   * Default mode only: compare tokens that are numbers with this tolerance (as DOMjudge's
   * float_tolerance): accepted when the absolute or the relative error is within its bound; other
   * tokens must be equal; whitespace is free. Null or absent: exact comparison.
   */
  floatTolerance?: { absolute?: number; relative?: number } | null;
  /** ACM: run every case even after a failure. */
  runAllCases?: boolean;
  /** Extra files copied next to the program (name → content). */
  userExtraFiles?: Record<string, string>;
  /** Extra files copied next to the checker/interactor only. */
  judgeExtraFiles?: Record<string, string>;
}

export interface JudgeJobData {
  /** The installation that made the job; a worker bound to another installation refuses it. */
  installationId?: string;
  submissionId: number;
  /** Language display name, e.g. "C++ With O2". */
  language: string;
  code: string;
  problemId: number;
  /** Checksum of the problem package; workers cache packages by it. */
  packageVersion: string;
  /** Absolute URL (or path under the backend) that serves the package zip to judges with JUDGE_TOKEN. */
  packageUrl: string;
  /** Overrides, e.g. for contests or test judge. */
  timeLimitMs?: number;
  memoryLimitMb?: number;
}

export interface JudgeProgress {
  /** Echo of the job's installationId. */
  installationId?: string;
  submissionId: number;
  status: typeof JudgeStatus.Compiling | typeof JudgeStatus.Judging;
  /** 1-based index of the case being judged, when judging. */
  caseIndex?: number;
  caseCount?: number;
  /** Results of the cases finished so far. */
  cases?: CaseResult[];
}

/**
 * One pushed update of a submission: the `data` of an event of GET /api/submission-events (SSE), written by the
 * backend's JudgeEventsService and read by the submission pages.
 */
export interface SubmissionEvent {
  submitId: number;
  status: number;
  time?: number | null;
  memory?: number | null;
  score?: number | null;
  /** While judging: the 1-based case being judged and how many there are. */
  caseIndex?: number;
  caseCount?: number;
  /** While judging: the cases finished so far. */
  cases?: CaseResult[];
  /** While Pending: the place in the judge queue and the estimated wait (QueueEstimate), pushed as they change. */
  queuePosition?: number | null;
  queueWaitSeconds?: number | null;
  /** The verdict is final: the stream ends after this event. */
  final: boolean;
}

export interface CaseResult {
  caseId: number;
  status: JudgeStatus;
  /** ms */
  time: number;
  /** KB */
  memory: number;
  score: number;
  /** The case's group (subtask), when the problem has groups. */
  groupNum?: number | null;
  /** Shown to whoever may see the case results: the built-in checkers say where output differs, never what was expected. */
  message?: string;
  /** The built-in checkers' expected and found tokens: for admins only. */
  detail?: string;
  /** First bytes of the program's output, for admins. */
  outputHead?: string;
  inputFile?: string;
  outputFile?: string;
}

export interface JudgeResult {
  submissionId?: number;
  status: JudgeStatus;
  /** ms, max over cases */
  time: number;
  /** KB, max over cases */
  memory: number;
  score: number;
  compileInfo?: string;
  errorMessage?: string;
  cases: CaseResult[];
  /** Per group (subtask) outcome, when the problem has groups. */
  subtasks?: SubtaskResult[];
  judger?: string;
  /** Echo of the job's installationId: a backend ignores a result made for another installation. */
  installationId?: string;
}

/** Bull job names on the judge queue. */
export const JudgeJobName = { judge: 'judge', compileCheck: 'compile-check', testJudge: 'test-judge' } as const;

/** Compile a special judge / interactor (or any code) and report whether it compiles. */
export interface CompileCheckJobData {
  /** As JudgeJobData.installationId. */
  installationId?: string;
  language: string;
  code: string;
  /** Compile as a checker/interactor: testlib.h is on the include path. */
  asChecker: boolean;
}
export interface CompileCheckResult {
  ok: boolean;
  /** Compiler output, truncated. */
  message: string;
  /** The compile ran out of its time (CPU or wall clock): a busy judge, not the code, so no "compilation failed". */
  timedOut?: boolean;
}

/**
 * Wall clock limit of a checker or interactor compile. testlib.h is ~200 KB of templates: with -O2 it takes 8-9 s of
 * CPU in the sandbox, 11-16 s of wall clock at a load of 5 on the 2-core machine and 43-44 s with ten compiles
 * sharing the two cores (2026-11-28, judge-sandbox README); 60 s leaves room for that, and the backend's wait (below)
 * stays under the client's 90 s.
 */
export const CHECKER_COMPILE_WALL_LIMIT_MS = 60_000;
/** How long the backend waits for a compile check: the compile's wall limit plus time for a worker to take the job. */
export const CHECKER_COMPILE_WAIT_MS = CHECKER_COMPILE_WALL_LIMIT_MS + 15_000;

/** Run code once on custom input ("run on custom input"); not a stored submission. */
export interface TestJudgeJobData {
  /** As JudgeJobData.installationId. */
  installationId?: string;
  language: string;
  code: string;
  input: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  stackLimitMb?: number;
  /** Expected output, when the user ran a sample: the result then carries AC/WA/PE. */
  expectedOutput?: string;
}
export interface TestJudgeResult {
  status: JudgeStatus;
  time: number;
  memory: number;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal?: string | null;
  message?: string;
  compileInfo?: string;
}

/** Header a judge worker sends when downloading problem packages. */
export const JUDGE_TOKEN_HEADER = 'X-Judge-Token';
