/**
 * Payloads of the admin calls (product §7 "Admin calls", issue 2 and issue 4).
 * Names follow HOJ's admin API so imported HOJ data and clients keep working.
 */
import type { UserInfo } from './api';
import { JudgeMode, ProblemAuth, ProblemExample, ProblemType } from './problem';
import type { CaseGroup } from './subtask';
import type { CheckerProtocol, RegistryInstance } from './judge';

/** Admin routes of the back office (product §2 "Admin routes"); paths are under /admin. */
export const ADMIN_API = {
  login: '/admin/login',
  logout: '/admin/logout',
  /** Root: a cookie for the Bull dashboard (not in HOJ); answers `{ path }` to open. */
  queueBoardSession: '/admin/queues/session',
  serviceInfo: '/admin/config/get-service-info',
  judgeServiceInfo: '/admin/config/get-judge-service-info',
  webConfig: '/admin/config/get-web-config',
  /** PUT */
  setWebConfig: '/admin/config/set-web-config',
  emailConfig: '/admin/config/get-email-config',
  /** PUT */
  setEmailConfig: '/admin/config/set-email-config',
  testEmail: '/admin/config/test-email',
  switchInfo: '/admin/switch/info',
  switchUpdate: '/admin/switch/update',
  announcement: '/admin/announcement',
  problem: '/admin/problem',
  problemList: '/admin/problem/get-problem-list',
  problemCases: '/admin/problem/get-problem-cases',
  compileSpj: '/admin/problem/compile-spj',
  compileInteractive: '/admin/problem/compile-interactive',
  changeProblemAuth: '/admin/problem/change-problem-auth',
  /** GET, submitId (HOJ): one submission back to the queue. */
  rejudge: '/admin/judge/rejudge',
  /** GET, pid (not in HOJ; root and admins): every finished practice submission of the problem. */
  rejudgeProblem: '/admin/judge/rejudge-problem',
  tag: '/admin/tag',
  tagClassification: '/admin/tag/classification',
  importProblem: '/file/import-problem',
  importFpsProblem: '/file/import-fps-problem',
  importQdojProblem: '/file/import-qdoj-problem',
  importHydroProblem: '/file/import-hydro-problem',
  importKattisProblem: '/file/import-kattis-problem',
  importPolygonProblem: '/file/import-polygon-problem',
  exportProblem: '/file/export-problem',
  uploadTestcaseZip: '/file/upload-testcase-zip',
  downloadTestcase: '/file/download-testcase',
  allProblemTags: '/get-all-problem-tags',
  recentAcRank: '/get-recent-seven-ac-rank',
  languages: '/languages',
} as const;

/** Archive formats the import screen accepts, mapped to their call. */
export const PROBLEM_IMPORT_FORMATS = {
  hoj: ADMIN_API.importProblem,
  fps: ADMIN_API.importFpsProblem,
  qdoj: ADMIN_API.importQdojProblem,
  hydro: ADMIN_API.importHydroProblem,
  kattis: ADMIN_API.importKattisProblem,
  polygon: ADMIN_API.importPolygonProblem,
} as const;
export type ProblemImportFormat = keyof typeof PROBLEM_IMPORT_FORMATS;

/** Answer of POST /api/admin/login: the token comes in the Authorization header. */
export type AdminLoginResponse = UserInfo;

/** GET /api/admin/config/get-service-info: the backend process and its host (dashboard "server health"). */
export interface ServiceInfo {
  nodeVersion: string;
  pid: number;
  hostname: string;
  uptimeSec: number;
  cpuCores: number;
  loadAverage: number[];
  cpuPercent: number;
  totalMemoryBytes: number;
  freeMemoryBytes: number;
  memoryPercent: number;
  processRssBytes: number;
  processHeapUsedBytes: number;
  env: string;
  /** HOJ's names for this backend's machine (`backup` is HOJ's name of its backend service). */
  backupCores: number;
  backupPercentCpuLoad: string;
  backupPercentMemoryLoad: string;
  /** The backend instances HOJ's registry knows: every replica with a live heartbeat in Redis. */
  backupService: RegistryInstance[];
  /** HOJ's registry (Nacos) state as its dashboard reads it: the registry here is Redis, UP when it answers. */
  nacos: { status: 'UP' | 'DOWN' };
  /** Every backend replica of this installation (heartbeat every 10 s, gone after 30 s without one). */
  replicas: BackendReplicaInfo[];
  /** The registry the replicas and judges announce themselves through (Redis): UP when it answers. */
  registryStatus: 'UP' | 'DOWN';
  /** Whether the site is served over HTTPS (this request, or the configured base URL). */
  https: boolean;
}

export interface BackendReplicaInfo {
  instanceId: string;
  hostname: string;
  pid: number;
  port: number;
  cpuCores: number;
  cpuPercent: number;
  memoryPercent: number;
  processRssBytes: number;
  uptimeSec: number;
  lastHeartbeat: string;
}

/** One row of GET /api/get-recent-seven-ac-rank (top 10 of the recent 7 days, product §9). */
export interface RecentAcRankRow {
  uid: string;
  username: string;
  nickname?: string | null;
  ac: number;
}

/** A problem as the admin API stores it (product §3 "Problem", HOJ's column names). */
export interface AdminProblem {
  id?: number;
  /** Display ID. */
  problemId: string;
  title: string;
  author?: string;
  type: ProblemType;
  judgeMode: JudgeMode;
  /** HOJ's case score mode: default | subtask_lowest | subtask_average | ergodic_without_error. */
  judgeCaseMode?: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  description: string;
  input: string;
  output: string;
  /** Examples: a list, or HOJ's string `<input>..</input><output>..</output>` repeated (accepted on input). */
  examples: ProblemExample[] | string;
  isRemote?: boolean;
  /** The remote judge's key (HDU, CF, ...) of an imported remote problem (issue 34); HOJ reads it off the problem id. */
  remoteOj?: string | null;
  source?: string;
  difficulty: number;
  hint?: string;
  auth: ProblemAuth;
  ioScore?: number;
  codeShare: boolean;
  spjCode?: string | null;
  spjLanguage?: string | null;
  /** File name → content, files given to the user's program (HOJ sends it as a JSON string). */
  userExtraFile?: Record<string, string> | string | null;
  /** File name → content, files given to the special/interactive judge. */
  judgeExtraFile?: Record<string, string> | string | null;
  isRemoveEndBlank: boolean;
  /** Default mode: numbers compared with this absolute / relative tolerance (null: exact). Not in HOJ. */
  floatAbsTolerance?: number | null;
  floatRelTolerance?: number | null;
  /** Special judge / interactor convention: testlib (default) or domjudge (Kattis, exit 42 / 43). Not in HOJ. */
  checkerProtocol?: CheckerProtocol;
  /** OI test groups (subtasks): score and rule of each groupNum the cases name (not in HOJ). */
  caseGroups?: CaseGroup[] | null;
  openCaseResult: boolean;
  isUploadCase: boolean;
  isFileIO: boolean;
  ioReadFileName?: string | null;
  ioWriteFileName?: string | null;
  modifiedUser?: string;
  gmtCreate?: string;
  gmtModified?: string;
}

/** GET /api/admin/problem: the row with its tags, language names and enabled code templates. */
export type AdminProblemDetail = AdminProblem & {
  tags: ProblemTag[];
  languages: string[];
  codeTemplates: CodeTemplate[];
};

/** A judge test case (HOJ ProblemCase); stored cases name their files. */
export interface ProblemCase {
  id?: number;
  pid?: number;
  input: string;
  output: string;
  score?: number | null;
  groupNum?: number | null;
}

/** A problem tag (product §3 "Tag"). `oj` is the attribution: ME for local problems. */
export interface ProblemTag {
  id?: number;
  name: string;
  color?: string | null;
  oj?: string;
  gid?: number | null;
  /** The tag classification it is listed under, none when null. */
  tcid?: number | null;
}

/** A class of tags (HOJ TagClassification): /api/admin/tag/classification. */
export interface TagClassification {
  id?: number;
  name: string;
  /** ME (local bank) or a remote judge key. */
  oj?: string;
  /** Display order, smallest first. */
  rank?: number;
}

/** One group of GET /api/get-problem-tags-and-classification (HOJ ProblemTagVO); `classification` null: tags of no class. */
export interface ProblemTagGroup {
  classification: TagClassification | null;
  tagList: ProblemTag[];
}

/** A code template of one judge language (by its name). */
export interface CodeTemplate {
  id?: number;
  language: string;
  code: string;
  status?: boolean;
}

/** Body of POST|PUT /api/admin/problem. */
export interface ProblemDto {
  problem: AdminProblem;
  /** Manual cases, or the cases listed by the zip upload. */
  samples: ProblemCase[];
  isUploadTestCase: boolean;
  uploadTestcaseDir?: string | null;
  judgeMode: JudgeMode;
  /** True when the special/interactive code or language changed (it was compiled again). */
  changeModeCode?: boolean;
  changeJudgeCaseMode?: boolean;
  /** Names of the judge languages allowed. */
  languages: string[];
  codeTemplates: CodeTemplate[];
  tags: ProblemTag[];
}

/** Query of GET /api/admin/problem/get-problem-list. */
export interface AdminProblemListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  auth?: ProblemAuth;
  oj?: string;
}

/** Body of POST /api/admin/problem/compile-spj and compile-interactive. */
export interface CompileDto {
  code: string;
  language: string;
  extraFiles?: Record<string, string> | null;
}

/** Answer of POST /api/file/upload-testcase-zip (multipart `file`, field `mode`). */
export interface UploadTestcaseResult {
  fileList: { input: string; output: string; score?: number }[];
  fileListDir: string;
}

/** Announcement (product §3). `status` 0 visible, 1 hidden, HOJ style. */
export interface Announcement {
  id?: number;
  title: string;
  content: string;
  status: number;
  uid?: string;
  username?: string;
  /** The owning group; null for site announcements. */
  gid?: number | null;
  gmtCreate?: string;
  gmtModified?: string;
}
export const ANNOUNCEMENT_VISIBLE = 0;
export const ANNOUNCEMENT_HIDDEN = 1;

/** Website config of the admin side (product §3: the public part plus base url and web name). */
export interface AdminWebConfig {
  baseUrl: string;
  name: string;
  shortName: string;
  description: string;
  register: boolean;
  recordName: string;
  recordUrl: string;
  projectName: string;
  projectUrl: string;
}

/** SMTP config (product §3). */
export interface EmailConfig {
  emailHost: string;
  emailPort: number;
  emailUsername: string;
  emailPassword: string;
  emailSsl: boolean;
  emailBGImg?: string;
  /** GET answers the password empty and says here whether one is stored; an empty password on save keeps it. */
  emailPasswordSet?: boolean;
}
