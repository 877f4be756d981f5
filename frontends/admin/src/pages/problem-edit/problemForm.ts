/**
 * The problem editor's data rules, kept apart from the screen: HOJ's example format, the §5 problem
 * rules, and the mapping between form values and the ProblemDto of POST|PUT /api/admin/problem.
 */
import {
  CaseGroup,
  CheckerProtocol,
  AdminProblem,
  AdminProblemDetail,
  CodeTemplate,
  DIFFICULTY_MIN,
  formatHojExamples,
  JudgeMode,
  parseHojExamples,
  ProblemAuth,
  ProblemCase,
  ProblemDto,
  ProblemTag,
  ProblemType,
  subtaskProblem,
} from '@oj/contracts';

export interface Example {
  input: string;
  output: string;
}
export interface ExtraFile {
  name: string;
  content: string;
}
export interface CaseRow {
  input: string;
  output: string;
  score?: number | null;
  groupNum?: number | null;
}
export interface TemplateValue {
  status: boolean;
  code: string;
}

export interface ProblemFormValues {
  problemId: string;
  title: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  difficulty: number;
  auth: ProblemAuth;
  type: ProblemType;
  description: string;
  input: string;
  output: string;
  examples: Example[];
  hint?: string;
  source?: string;
  tags: string[];
  /** Names of the judge languages allowed. */
  languages: string[];
  /** Template per language name. */
  codeTemplates: Record<string, TemplateValue>;
  judgeMode: JudgeMode;
  /** Convention of the special judge / interactor: testlib, or domjudge (Kattis: exit 42 / 43). */
  checkerProtocol: CheckerProtocol;
  spjLanguage?: string;
  spjCode?: string;
  isRemoveEndBlank: boolean;
  /** Default mode: float-tolerance comparison (empty: exact). */
  floatAbsTolerance?: number | null;
  floatRelTolerance?: number | null;
  openCaseResult: boolean;
  codeShare: boolean;
  isFileIO: boolean;
  ioReadFileName?: string;
  ioWriteFileName?: string;
  userExtraFiles: ExtraFile[];
  judgeExtraFiles: ExtraFile[];
  isUploadCase: boolean;
  /** Manual cases, or the cases the zip upload listed (scores editable for OI). */
  samples: CaseRow[];
  /** OI test groups (subtasks) the cases' groupNums name; empty: every case scores on its own. */
  caseGroups: CaseGroup[];
  /**
   * Set for a problem imported from a remote judge (issue 34): its site judges it, so it has no test data, judge
   * program or languages of ours to check (the site's languages are offered to users).
   */
  remoteOj?: string;
}

/** Defaults of a new problem (HOJ's: 1000 ms, 256 MB, 128 MB stack, public, ACM). */
export const NEW_PROBLEM: ProblemFormValues = {
  problemId: '',
  title: '',
  timeLimit: 1000,
  memoryLimit: 256,
  stackLimit: 128,
  difficulty: DIFFICULTY_MIN,
  auth: ProblemAuth.Public,
  type: ProblemType.ACM,
  description: '',
  input: '',
  output: '',
  examples: [{ input: '', output: '' }],
  hint: '',
  source: '',
  tags: [],
  languages: [],
  codeTemplates: {},
  judgeMode: JudgeMode.Default,
  checkerProtocol: 'testlib',
  isRemoveEndBlank: true,
  openCaseResult: true,
  codeShare: true,
  isFileIO: false,
  userExtraFiles: [],
  judgeExtraFiles: [],
  isUploadCase: true,
  samples: [],
  caseGroups: [],
};

// ---- HOJ's example string: <input>..</input><output>..</output> repeated ----

export const examplesToString = (examples: readonly Example[]): string => formatHojExamples(examples);

/** Examples as the API answers them: HOJ's string (or a list). */
export const readExamples = (value: Example[] | string | null | undefined): Example[] => parseHojExamples(value);

export const stringToExamples = (text: string | null | undefined): Example[] => parseHojExamples(text);

/** OI scores spread evenly over the cases so they add up to 100 (the remainder goes to the last ones). */
export function evenScores(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(100 / count);
  const extra = 100 - base * count;
  return Array.from({ length: count }, (_, i) => (i >= count - extra ? base + 1 : base));
}

// ---- extra files: the API keeps them as an object name → content (HOJ: the same as a JSON string) ----

export function extraFilesToMap(files: readonly ExtraFile[]): Record<string, string> | null {
  const named = files.filter((f) => f.name?.trim());
  if (!named.length) return null;
  return Object.fromEntries(named.map((f) => [f.name.trim(), f.content ?? '']));
}

export function readExtraFiles(value: Record<string, string> | string | null | undefined): ExtraFile[] {
  let map: Record<string, string> | null = null;
  if (typeof value === 'string') {
    try {
      map = JSON.parse(value) as Record<string, string>;
    } catch {
      map = null;
    }
  } else map = value ?? null;
  return map ? Object.entries(map).map(([name, content]) => ({ name, content: String(content) })) : [];
}

// ---- the rules of product §5 (and the editor's own), as message ids ----

export interface ValidationContext {
  /** The special/interactive code compiled successfully since its last change. */
  judgeCodeCompiled: boolean;
  /** The special/interactive code or language differs from the stored one. */
  judgeCodeChanged: boolean;
  /** A zip was uploaded in this session, or the stored problem already has uploaded cases. */
  testcaseUploaded: boolean;
}

export interface ValidationError {
  id: string;
  values?: Record<string, string | number>;
}

export function validateProblem(v: ProblemFormValues, ctx: ValidationContext): ValidationError[] {
  const errors: ValidationError[] = [];
  if (!v.problemId?.trim()) errors.push({ id: 'admin.problemEdit.problemIdRequired' });
  if (!v.title?.trim()) errors.push({ id: 'admin.problemEdit.titleRequired' });
  if (v.isFileIO && !v.ioReadFileName?.trim() && !v.ioWriteFileName?.trim()) {
    errors.push({ id: 'admin.problemEdit.fileIoNameRequired' });
  }
  const seen = new Set<string>();
  for (const tag of v.tags) {
    const key = tag.trim().toLowerCase();
    if (seen.has(key)) errors.push({ id: 'admin.problemEdit.tagDuplicated', values: { tag } });
    seen.add(key);
  }
  if (v.remoteOj) return errors;
  if (!v.languages.length) errors.push({ id: 'admin.problemEdit.languagesRequired' });
  for (const lang of v.languages) {
    const tpl = v.codeTemplates[lang];
    if (tpl?.status && !tpl.code?.trim()) errors.push({ id: 'admin.problemEdit.templateEmpty', values: { lang } });
  }
  if (v.judgeMode !== JudgeMode.Default) {
    if (!v.spjLanguage || !v.spjCode?.trim()) errors.push({ id: 'admin.problemEdit.judgeCodeRequired' });
    else if (ctx.judgeCodeChanged && !ctx.judgeCodeCompiled) errors.push({ id: 'admin.problemEdit.judgeCodeNotCompiled' });
  }
  if (v.isUploadCase && !ctx.testcaseUploaded) errors.push({ id: 'admin.problemEdit.testcaseRequired' });
  if (!v.isUploadCase) {
    if (!v.samples.length) errors.push({ id: 'admin.problemEdit.testcaseRequired' });
    v.samples.forEach((s, i) => {
      if (!s.input && !s.output) errors.push({ id: 'admin.problemEdit.caseEmpty', values: { index: i + 1 } });
    });
  }
  if (v.type === ProblemType.OI && v.caseGroups?.length) {
    const reason = subtaskProblem(
      v.caseGroups.map((g) => ({ ...g, groupNum: Number(g.groupNum), score: Number(g.score) })),
      v.samples.map((s) => s.groupNum ?? null),
    );
    if (reason) errors.push({ id: 'admin.problemEdit.caseGroupsInvalid' });
  }
  if (v.type === ProblemType.OI) {
    v.samples.forEach((s, i) => {
      if (s.groupNum != null && v.caseGroups?.length) return; // a grouped case is worth its group's score
      const score = s.score;
      if (score === null || score === undefined || !Number.isInteger(Number(score)) || Number(score) < 0) {
        errors.push({ id: 'admin.problemEdit.scoreInvalid', values: { index: i + 1 } });
      }
    });
  }
  return errors;
}

/** Whether the examples exceed the advised count (a warning, not an error). */
export const tooManyExamples = (examples: readonly Example[], advisedMax: number) => examples.length > advisedMax;

// ---- form values ⇄ API ----

export interface DtoContext {
  /** Stored problem when editing (id, author and the judge code it had). */
  original?: AdminProblem | null;
  allTags: readonly ProblemTag[];
  /** Folder of the zip uploaded in this session; editing without one keeps the stored cases. */
  uploadTestcaseDir?: string | null;
  author?: string;
}

/** Whether the judge program differs from the stored one (the server compiles it again then). */
export function judgeCodeChanged(v: ProblemFormValues, original?: AdminProblem | null): boolean {
  if (v.judgeMode === JudgeMode.Default) return false;
  return (
    (original?.judgeMode ?? JudgeMode.Default) !== v.judgeMode ||
    (original?.spjCode ?? null) !== (v.spjCode ?? null) ||
    (original?.spjLanguage ?? null) !== (v.spjLanguage ?? null)
  );
}

export function toProblemDto(v: ProblemFormValues, ctx: DtoContext): ProblemDto {
  const original = ctx.original ?? null;
  const specialJudge = v.judgeMode !== JudgeMode.Default;
  // Only the problem's own fields: the API refuses unknown ones (tags, languages... travel beside it).
  const problem: AdminProblem = {
    id: original?.id,
    problemId: v.problemId.trim(),
    title: v.title.trim(),
    author: original?.author ?? ctx.author,
    type: v.type,
    judgeMode: v.judgeMode,
    timeLimit: Number(v.timeLimit),
    memoryLimit: Number(v.memoryLimit),
    stackLimit: Number(v.stackLimit),
    description: v.description ?? '',
    input: v.input ?? '',
    output: v.output ?? '',
    examples: (v.examples ?? []).map((e) => ({ input: e.input ?? '', output: e.output ?? '' })),
    source: v.source ?? '',
    difficulty: Number(v.difficulty),
    hint: v.hint ?? '',
    auth: v.auth,
    codeShare: !!v.codeShare,
    spjCode: specialJudge ? (v.spjCode ?? null) : null,
    spjLanguage: specialJudge ? (v.spjLanguage ?? null) : null,
    checkerProtocol: specialJudge ? (v.checkerProtocol ?? 'testlib') : 'testlib',
    userExtraFile: extraFilesToMap(v.userExtraFiles ?? []),
    judgeExtraFile: specialJudge ? extraFilesToMap(v.judgeExtraFiles ?? []) : null,
    isRemoveEndBlank: !!v.isRemoveEndBlank,
    floatAbsTolerance: specialJudge ? null : (v.floatAbsTolerance ?? null),
    floatRelTolerance: specialJudge ? null : (v.floatRelTolerance ?? null),
    openCaseResult: !!v.openCaseResult,
    isUploadCase: !!v.isUploadCase,
    isFileIO: !!v.isFileIO,
    ioReadFileName: v.isFileIO ? v.ioReadFileName?.trim() || null : null,
    ioWriteFileName: v.isFileIO ? v.ioWriteFileName?.trim() || null : null,
    caseGroups:
      v.type === ProblemType.OI && v.caseGroups?.length
        ? v.caseGroups.map((g) => ({ groupNum: Number(g.groupNum), score: Number(g.score), rule: g.rule }))
        : null,
  };
  const codeTemplates: CodeTemplate[] = v.languages
    .filter((name) => v.codeTemplates[name]?.status)
    .map((name) => ({ language: name, code: v.codeTemplates[name].code, status: true }));
  // Existing tags are sent with their id so the server does not insert them twice.
  const tags: ProblemTag[] = v.tags.map((name) => {
    const known = ctx.allTags.find((t) => t.name === name && (!t.oj || t.oj === 'ME'));
    return known ?? { name, oj: 'ME' };
  });
  const keepStoredCases = !!original && v.isUploadCase && !ctx.uploadTestcaseDir;
  // Kept cases travel too: the server keeps their data and takes their scores and groups.
  const samples: ProblemCase[] = v.samples.map((s) => ({
    input: s.input,
    output: s.output,
    score: v.type === ProblemType.OI ? Number(s.score ?? 0) : null,
    groupNum: v.type === ProblemType.OI && s.groupNum != null ? Number(s.groupNum) : null,
  }));
  const dto: ProblemDto = {
    problem,
    samples,
    // "Uploaded, nothing new" keeps the stored cases.
    isUploadTestCase: !!v.isUploadCase,
    judgeMode: v.judgeMode,
    changeModeCode: judgeCodeChanged(v, original),
    changeJudgeCaseMode: false,
    languages: [...v.languages],
    codeTemplates,
    tags,
  };
  if (!keepStoredCases && v.isUploadCase && ctx.uploadTestcaseDir) dto.uploadTestcaseDir = ctx.uploadTestcaseDir;
  return dto;
}

/** A stored problem (GET /api/admin/problem) and its cases as form values. */
export function fromProblem(problem: AdminProblemDetail, cases: readonly ProblemCase[]): ProblemFormValues {
  const codeTemplates: Record<string, TemplateValue> = {};
  for (const tpl of problem.codeTemplates ?? []) {
    codeTemplates[tpl.language] = { status: tpl.status !== false, code: tpl.code };
  }
  return {
    problemId: problem.problemId,
    title: problem.title,
    timeLimit: problem.timeLimit,
    memoryLimit: problem.memoryLimit,
    stackLimit: problem.stackLimit,
    difficulty: problem.difficulty,
    auth: problem.auth,
    type: problem.type,
    description: problem.description ?? '',
    input: problem.input ?? '',
    output: problem.output ?? '',
    examples: readExamples(problem.examples),
    hint: problem.hint ?? '',
    source: problem.source ?? '',
    tags: (problem.tags ?? []).map((t) => t.name),
    languages: [...(problem.languages ?? [])],
    codeTemplates,
    judgeMode: problem.judgeMode ?? JudgeMode.Default,
    spjLanguage: problem.spjLanguage ?? undefined,
    spjCode: problem.spjCode ?? undefined,
    checkerProtocol: problem.checkerProtocol ?? 'testlib',
    isRemoveEndBlank: !!problem.isRemoveEndBlank,
    floatAbsTolerance: problem.floatAbsTolerance ?? undefined,
    floatRelTolerance: problem.floatRelTolerance ?? undefined,
    openCaseResult: !!problem.openCaseResult,
    codeShare: !!problem.codeShare,
    isFileIO: !!problem.isFileIO,
    ioReadFileName: problem.ioReadFileName ?? undefined,
    ioWriteFileName: problem.ioWriteFileName ?? undefined,
    userExtraFiles: readExtraFiles(problem.userExtraFile),
    judgeExtraFiles: readExtraFiles(problem.judgeExtraFile),
    // Stored cases are files: they are listed like uploaded ones until new data replaces them.
    isUploadCase: true,
    samples: cases.map((c) => ({ input: c.input, output: c.output, score: c.score ?? null, groupNum: c.groupNum ?? null })),
    caseGroups: (problem.caseGroups ?? []).map((g) => ({ ...g })),
    remoteOj: problem.isRemote ? problem.remoteOj || 'remote' : undefined,
  };
}
