/**
 * judge(problemDir, submission, onProgress): compile, run every case in the sandbox, check the
 * output (default comparer, special judge or interactor) and fold the cases into one result
 * (ACM: first failure decides and stops unless runAllCases; OI: score is the sum, PA when some pass;
 * OI test groups: each group scored by its rule, its remaining cases skipped where the rule allows).
 */
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { foldSubtasks, JudgeStatus, subtaskStops } from '@oj/contracts';
import type { CaseResult, JudgeProgress, JudgeResult, SubtaskResult } from '@oj/contracts';
import { compile, compileCached, CompileResult, newWorkDir } from './compile';
import { findLanguage, Language } from './languages';
import { loadProblem, LoadedProblem, ProblemCase } from './problem';
import { settleRuns, RunSpec, prewarmPrepared, removeLater } from './sandbox';
import { extraFileMounts } from './checkers/special';
import { judgeModeOf } from './modes';
import { judgeConfig } from './config';

export interface Submission {
  submissionId?: number;
  /** Display name ("C++ With O2") or CLI id ("cpp-o2"). */
  language: string;
  code: string;
  timeLimitMs?: number;
  memoryLimitMb?: number;
}

export type ProgressCallback = (progress: JudgeProgress) => void;

export { OUTPUT_HEAD_BYTES } from './modes';

export interface JudgeOptions {
  /**
   * false: return as soon as the verdict is known and leave the sandboxes to the caller's settleRuns()
   * (the worker settles after handing the result back, off the verdict's path). Default: settle first.
   */
  settle?: boolean;
  /** Told how long each phase of the judgement took (ms): the worker's phase metrics. */
  phase?: (name: 'compile' | 'cases', ms: number) => void;
}

export async function judge(
  problemDir: string,
  submission: Submission,
  onProgress?: ProgressCallback,
  options: JudgeOptions = {},
): Promise<JudgeResult> {
  const submissionId = submission.submissionId ?? 0;
  const scratch = newWorkDir('judge');
  let programDir: string | undefined;
  try {
    const problem = loadProblem(problemDir);
    const language = findLanguage(submission.language);
    if (!language) return systemError(submission, `Language not available on this judge: ${submission.language}`);
    onProgress?.({ submissionId, status: JudgeStatus.Compiling });
    const lanes = Math.max(1, Math.min(judgeConfig().caseParallelism, problem.cases.length));
    if (plainRuns(problem)) prewarmPrepared(lanes);
    const judgeProgram = await compileJudgeProgram(problem);
    if (judgeProgram && !judgeProgram.ok) {
      return systemError(submission, `The ${problem.pkg.judgeMode} program does not compile:\n${judgeProgram.message}`);
    }
    const compileStart = performance.now();
    const compiled = await compile(language, submission.code);
    const casesStart = performance.now();
    options.phase?.('compile', casesStart - compileStart);
    programDir = compiled.dir;
    if (!compiled.ok) {
      return { submissionId, status: JudgeStatus.CompileError, time: 0, memory: 0, score: 0, compileInfo: compiled.message, cases: [] };
    }
    // Cases run a few at a time (each in its own sandbox and cgroup); in ACM mode the first
    // failure in case order decides and later results are dropped.
    const stopAtFirstFailure = problem.pkg.type === 'acm' && !problem.pkg.runAllCases;
    const results: CaseResult[] = [];
    let next = 0;
    let stopAt = Infinity;
    // Groups whose rule is settled by a failure: their later cases are not run.
    const stoppedGroups = new Set<number>();
    const ruleOf = new Map(problem.groups.map((g) => [g.groupNum, g.rule]));
    const lane = async (): Promise<void> => {
      for (;;) {
        const index = next++;
        if (index >= problem.cases.length || index > stopAt) return;
        const groupNum = problem.cases[index].groupNum;
        if (groupNum !== null && stoppedGroups.has(groupNum)) continue;
        onProgress?.({
          submissionId,
          status: JudgeStatus.Judging,
          caseIndex: index + 1,
          caseCount: problem.cases.length,
          cases: results.filter(Boolean),
        });
        const caseDir = path.join(scratch, `case-${index + 1}`);
        fs.mkdirSync(caseDir, { mode: 0o755 });
        const result = await judgeCase(problem, language, compiled, judgeProgram, problem.cases[index], submission, caseDir);
        removeLater(caseDir);
        if (groupNum !== null) {
          result.groupNum = groupNum;
          if (subtaskStops(ruleOf.get(groupNum)!, result.status, result.score)) stoppedGroups.add(groupNum);
        }
        results[index] = result;
        const failed = result.status !== JudgeStatus.Accepted;
        if (result.status === JudgeStatus.SystemError || (stopAtFirstFailure && failed)) stopAt = Math.min(stopAt, index);
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    options.phase?.('cases', performance.now() - casesStart);
    const cases = results.slice(0, stopAt === Infinity ? undefined : stopAt + 1).filter(Boolean);
    const subtasks = problem.groups.length ? subtaskResults(problem, cases) : undefined;
    return {
      submissionId,
      ...fold(problem, cases, subtasks),
      compileInfo: compiled.message || undefined,
      cases,
      ...(subtasks ? { subtasks } : {}),
    };
  } catch (err) {
    return systemError(submission, (err as Error).message);
  } finally {
    removeLater(scratch);
    if (programDir) removeLater(programDir);
    if (options.settle !== false) await settleRuns();
  }
}

/** Whether the cases are plain runs (stdin/stdout, no extra files), which prepared sandboxes serve. */
function plainRuns(problem: LoadedProblem): boolean {
  const pkg = problem.pkg;
  return (
    judgeModeOf(pkg.judgeMode).plainRuns && !pkg.fileIO?.input && !pkg.fileIO?.output && Object.keys(pkg.userExtraFiles ?? {}).length === 0
  );
}

async function compileJudgeProgram(problem: LoadedProblem): Promise<CompileResult | undefined> {
  if (!problem.judgeProgram) return undefined;
  const lang = findLanguage(problem.judgeProgram.language);
  if (!lang) throw new Error(`checker language not available: ${problem.judgeProgram.language}`);
  return compileCached(lang, problem.judgeProgram.code);
}

/** The sandbox spec of one run of the contestant's program. */
export function programSpec(language: Language, programDir: string, limits: CaseLimits, entry?: string): RunSpec {
  return {
    args: language.run({ memoryLimitKb: limits.memoryLimitKb, stackLimitKb: limits.stackLimitKb }, entry),
    env: language.env,
    timeLimitMs: limits.timeLimitMs,
    memoryLimitKb: limits.memoryLimitKb + language.memoryExtraKb,
    stackLimitKb: limits.stackLimitKb,
    outputLimitBytes: limits.outputLimitBytes,
    pidsLimit: language.pidsLimit,
    openFilesLimit: language.openFilesLimit,
    // A program may execve nothing after its start, unless its runtime must start other programs.
    seccomp: language.runExecs ? language.seccomp : (`${language.seccomp}-exec-self` as const),
    mounts: [
      { host: programDir, sandbox: '/p' },
      ...(language.systemMounts ?? []).filter((m) => fs.existsSync(m)).map((m) => ({ host: m, sandbox: m })),
    ],
  };
}

export interface CaseLimits {
  timeLimitMs: number;
  memoryLimitKb: number;
  stackLimitKb: number;
  outputLimitBytes: number;
}

function caseLimits(problem: LoadedProblem, language: Language, submission: Submission, testCase: ProblemCase): CaseLimits {
  const memoryMb = submission.memoryLimitMb ?? problem.pkg.memoryLimit;
  const answerSize = fs.statSync(testCase.output).size;
  return {
    timeLimitMs: Math.round((submission.timeLimitMs ?? problem.pkg.timeLimit) * language.timeFactor),
    memoryLimitKb: memoryMb * 1024,
    stackLimitKb: Math.min(problem.pkg.stackLimit || memoryMb, memoryMb) * 1024,
    // Output may be a little longer than the answer, never unbounded.
    outputLimitBytes: Math.max(16 * 1024 * 1024, answerSize * 2 + 1024 * 1024),
  };
}

async function judgeCase(
  problem: LoadedProblem,
  language: Language,
  compiled: CompileResult,
  judgeProgram: CompileResult | undefined,
  testCase: ProblemCase,
  submission: Submission,
  caseDir: string,
): Promise<CaseResult> {
  const limits = caseLimits(problem, language, submission, testCase);
  return judgeModeOf(problem.pkg.judgeMode).judgeCase({
    problem,
    testCase,
    spec: programSpec(language, compiled.dir, limits, compiled.entry),
    judgeProgram,
    caseDir,
    stderr: path.join(caseDir, 'stderr'),
    userFiles: extraFileMounts(caseDir, 'user-files', problem.pkg.userExtraFiles),
    protocol: problem.pkg.checkerProtocol ?? 'testlib',
    base: { caseId: testCase.caseId, inputFile: testCase.inputName, outputFile: testCase.outputName },
  });
}

/** The groups' outcomes from the judged cases (a skipped case counts nothing). */
export function subtaskResults(problem: LoadedProblem, cases: CaseResult[]): SubtaskResult[] {
  const judged = new Map<number, CaseResult[]>();
  for (const c of cases) if (c.groupNum != null) judged.set(c.groupNum, [...(judged.get(c.groupNum) ?? []), c]);
  return foldSubtasks(problem.groups, judged, new Map(problem.groups.map((g) => [g.groupNum, g.total])));
}

/**
 * Folds case results into the submission's status, time, memory and score; with groups the score is the
 * groups' scores plus the ungrouped cases' scores.
 */
export function fold(
  problem: LoadedProblem,
  cases: CaseResult[],
  subtasks?: SubtaskResult[],
): Pick<JudgeResult, 'status' | 'time' | 'memory' | 'score'> {
  const time = Math.max(0, ...cases.map((c) => c.time));
  const memory = Math.max(0, ...cases.map((c) => c.memory));
  const score = subtasks
    ? subtasks.reduce((s, g) => s + g.score, 0) + cases.filter((c) => c.groupNum == null).reduce((s, c) => s + c.score, 0)
    : cases.reduce((s, c) => s + c.score, 0);
  const failed = cases.find((c) => c.status !== JudgeStatus.Accepted);
  const systemErr = cases.find((c) => c.status === JudgeStatus.SystemError);
  let status: JudgeStatus;
  if (systemErr) status = JudgeStatus.SystemError;
  else if (!failed && cases.length === problem.cases.length) status = JudgeStatus.Accepted;
  else if (problem.pkg.type === 'oi' && (subtasks ? score > 0 : cases.some((c) => c.score > 0))) status = JudgeStatus.PartialAccepted;
  else status = failed!.status;
  return { status, time, memory, score: problem.pkg.type === 'oi' ? score : status === JudgeStatus.Accepted ? 100 : 0 };
}

function systemError(submission: Submission, message: string): JudgeResult {
  return {
    submissionId: submission.submissionId,
    status: JudgeStatus.SystemError,
    time: 0,
    memory: 0,
    score: 0,
    errorMessage: message,
    cases: [],
  };
}
