/** Typed admin calls through kit's client (product §7 "Admin calls"); payload types from contracts. */
import {
  ADMIN_API,
  GENERATED_USERS_EXCEL_API,
  AdminLoginResponse,
  AdminProblem,
  AdminProblemDetail,
  AdminProblemListQuery,
  AdminWebConfig,
  Announcement,
  CompileDto,
  EmailConfig,
  JudgeMode,
  JudgeServiceInfo,
  LanguageInfo,
  LoginRequest,
  Page,
  PROBLEM_IMPORT_FORMATS,
  ProblemAuth,
  ProblemCase,
  ProblemDto,
  ProblemImportFormat,
  ProblemTag,
  TagClassification,
  RecentAcRankRow,
  ServiceInfo,
  SwitchConfig,
  UploadTestcaseResult,
} from '@oj/contracts';
import { api, call } from '@oj/kit';
import { ScopedClient, siteClient } from '../scope';

/** Logs in: the token comes in the Authorization header, the user info in data. */
export async function adminLogin(body: LoginRequest): Promise<{ token: string | null; user: AdminLoginResponse }> {
  const res = await api.post(ADMIN_API.login, body);
  const token = res.headers['authorization'];
  return { token: token ? String(token) : null, user: res.data.data as AdminLoginResponse };
}
export const adminLogout = () => api.get(ADMIN_API.logout);
/** Root: lets the browser into the Bull dashboard (an HttpOnly cookie), answering where it is. */
export const openQueueBoardSession = () => call<{ path: string }>(api.post(ADMIN_API.queueBoardSession));

export const getServiceInfo = () => call<ServiceInfo>(api.get(ADMIN_API.serviceInfo));
export const getRecentAcRank = () => call<RecentAcRankRow[]>(api.get(ADMIN_API.recentAcRank));
export const getJudgeServers = () => call<JudgeServiceInfo[]>(api.get(ADMIN_API.judgeServiceInfo));

export const getWebConfig = () => call<AdminWebConfig>(api.get(ADMIN_API.webConfig));
export const setWebConfig = (body: Partial<AdminWebConfig>) => call<AdminWebConfig>(api.put(ADMIN_API.setWebConfig, body));
export const getEmailConfig = () => call<EmailConfig>(api.get(ADMIN_API.emailConfig));
export const setEmailConfig = (body: Partial<EmailConfig>) => call<void>(api.put(ADMIN_API.setEmailConfig, body));
export const sendTestEmail = (email: string) => call<string>(api.post(ADMIN_API.testEmail, { email }));

export const getSwitches = () => call<SwitchConfig>(api.get(ADMIN_API.switchInfo));
/**
 * The switches only: the info also answers HOJ's remote account lists (for HOJ's admin client), which this app edits
 * on its Remote judge page; sending them back would replace accounts added there since the page loaded.
 */
export const updateSwitches = (body: SwitchConfig) =>
  call<void>(
    api.put(ADMIN_API.switchUpdate, Object.fromEntries(Object.entries(body).filter(([key]) => !/(Username|Password)List$/.test(key)))),
  );

export const getAnnouncements = (currentPage: number, limit: number) =>
  call<Page<Announcement>>(api.get(ADMIN_API.announcement, { params: { currentPage, limit } }));
export const createAnnouncement = (body: Announcement) => call<void>(api.post(ADMIN_API.announcement, body));
export const updateAnnouncement = (body: Announcement) => call<void>(api.put(ADMIN_API.announcement, body));
export const deleteAnnouncement = (aid: number) => call<void>(api.delete(ADMIN_API.announcement, { params: { aid } }));

/** Every finished practice submission of the problem back to the queue (root and admins). */
export const rejudgeProblem = (pid: number) => call<{ count: number }>(api.get(ADMIN_API.rejudgeProblem, { params: { pid } }));
export const getProblemList = (query: AdminProblemListQuery) => call<Page<AdminProblem>>(api.get(ADMIN_API.problemList, { params: query }));
export const getProblem = (pid: number, c: ScopedClient = siteClient) =>
  call<AdminProblemDetail>(c.get(ADMIN_API.problem, { params: { pid } }));
export const createProblem = (dto: ProblemDto, c: ScopedClient = siteClient) => call<AdminProblem>(c.post(ADMIN_API.problem, dto));
export const updateProblem = (dto: ProblemDto, c: ScopedClient = siteClient) => call<void>(c.put(ADMIN_API.problem, dto));
export const deleteProblem = (pid: number, c: ScopedClient = siteClient) => call<void>(c.delete(ADMIN_API.problem, { params: { pid } }));
export const changeProblemAuth = (id: number, auth: ProblemAuth) => call<void>(api.put(ADMIN_API.changeProblemAuth, { id, auth }));
export const getProblemCases = (pid: number, c: ScopedClient = siteClient) =>
  call<ProblemCase[]>(c.get(ADMIN_API.problemCases, { params: { pid } }));
export const compileJudgeCode = (mode: JudgeMode, body: CompileDto, c: ScopedClient = siteClient) =>
  call<void>(c.post(mode === JudgeMode.Interactive ? ADMIN_API.compileInteractive : ADMIN_API.compileSpj, body));

/** Every tag, whatever its attribution: the public list, in a group too (a new tag is created with the problem). */
export const getAllTags = () => call<ProblemTag[]>(api.get(ADMIN_API.allProblemTags, { params: { oj: 'All' } }));
export const createTag = (body: ProblemTag) => call<ProblemTag>(api.post(ADMIN_API.tag, body));
export const updateTag = (body: ProblemTag) => call<void>(api.put(ADMIN_API.tag, body));
export const deleteTag = (tid: number) => call<void>(api.delete(ADMIN_API.tag, { params: { tid } }));

/** Tag classifications of every attribution, by rank. */
export const getTagClassifications = () => call<TagClassification[]>(api.get(ADMIN_API.tagClassification, { params: { oj: 'All' } }));
export const createTagClassification = (body: TagClassification) => call<TagClassification>(api.post(ADMIN_API.tagClassification, body));
export const updateTagClassification = (body: TagClassification) => call<void>(api.put(ADMIN_API.tagClassification, body));
export const deleteTagClassification = (tcid: number) => call<void>(api.delete(ADMIN_API.tagClassification, { params: { tcid } }));

/** The languages the judges run. */
export const getLanguages = () => call<LanguageInfo[]>(api.get(ADMIN_API.languages, { params: { all: true } }));

/**
 * The zip's cases; in a group the upload carries the gid (HOJ's upload-testcase-zip checks the group admin).
 * Silent: the editor shows a refusal itself, with its reason in the user's language (testcaseUploadError).
 */
export async function uploadTestcaseZip(file: Blob, mode: JudgeMode, c: ScopedClient = siteClient): Promise<UploadTestcaseResult> {
  const form = new FormData();
  form.append('file', file);
  form.append('mode', mode);
  return call<UploadTestcaseResult>(c.post(ADMIN_API.uploadTestcaseZip, form, { silent: true }));
}

export async function importProblems(format: ProblemImportFormat, file: Blob): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await api.post(PROBLEM_IMPORT_FORMATS[format], form, { timeout: 0 });
}

/** Downloads through the client (so the token is sent) and saves the blob under the server's file name. */
async function download(url: string, params: unknown, fallbackName: string): Promise<void> {
  const res = await api.get(url, { params, responseType: 'blob', paramsSerializer: { indexes: null } });
  const disposition = String(res.headers['content-disposition'] || '');
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match ? decodeURIComponent(match[1]) : fallbackName;
  saveBlob(res.data as Blob, name);
}

/** Saves a downloaded blob under `name`, as the browser saves a link's download. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
/** HOJ's download-contest-rank: the whole board as .xlsx (recomputed first). */
export const downloadContestRank = (cid: number) =>
  download('/file/download-contest-rank', { cid, forceRefresh: true }, `contest-${cid}-rank.xlsx`);
/** The accounts a generate-user call answered, as .xlsx, by the call's key (HOJ's generate-user-excel). */
export const downloadGeneratedUsers = (key: string) => download(GENERATED_USERS_EXCEL_API, { key }, 'generated-users.xlsx');
export const exportProblems = (pids: number[]) => download(ADMIN_API.exportProblem, { pid: pids }, 'problems.zip');
export const downloadTestcase = (pid: number) => download(ADMIN_API.downloadTestcase, { pid }, `testcase_${pid}.zip`);
