import {
  CaseGroup,
  caseGroupsFromHoj,
  DIFFICULTY_MAX,
  DIFFICULTY_MIN,
  judgeCaseModeOf,
  JudgeMode,
  ProblemAuth,
  ProblemType,
  subtaskProblem,
} from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { emptyProblem, formatHojExamples, ImportedProblem, parseHojExamples } from '../../problem/imported-problem';

/** What HOJ writes into `<key>.json` beside a `<key>/` folder of case files. */
export interface HojProblemJson {
  problem: Record<string, unknown>;
  languages?: string[];
  samples?: { input: string; output: string; score?: number; groupNum?: number | null }[];
  tags?: string[];
  codeTemplates?: { language: string; code: string }[];
  judgeMode?: string;
  userExtraFile?: Record<string, string> | null;
  judgeExtraFile?: Record<string, string> | null;
  spjCode?: string | null;
  spjLanguage?: string | null;
}

const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : v == null ? d : String(v));
const num = (v: unknown, d: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : Number.isFinite(Number(v)) && v !== '' && v != null ? Number(v) : d;
const bool = (v: unknown, d: boolean): boolean => (typeof v === 'boolean' ? v : v == null ? d : v === 1 || v === 'true');
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function judgeModeOf(v: unknown): JudgeMode {
  return v === JudgeMode.Special || v === JudgeMode.Interactive ? v : JudgeMode.Default;
}

/** Reads HOJ's zip layout: every `<key>.json` at the top level with its `<key>/` folder. */
export function parseHojArchive(files: Map<string, Buffer>): ImportedProblem[] {
  const keys = [...files.keys()].filter((p) => !p.includes('/') && p.endsWith('.json')).map((p) => p.slice(0, -5));
  if (keys.length === 0) throw new ArchiveError('no problem json found');
  return keys.map((key) => {
    let json: HojProblemJson;
    try {
      json = JSON.parse(files.get(`${key}.json`)!.toString('utf8')) as HojProblemJson;
    } catch {
      throw new ArchiveError(`invalid json: ${key}.json`);
    }
    if (!json || typeof json !== 'object' || !json.problem || typeof json.problem !== 'object') {
      throw new ArchiveError(`no problem in ${key}.json`);
    }
    const p = json.problem;
    const out = emptyProblem();
    out.problemId = str(p.problemId) || undefined;
    out.title = str(p.title);
    if (!out.title) throw new ArchiveError(`problem without title: ${key}.json`);
    out.author = str(p.author) || undefined;
    out.description = str(p.description);
    out.input = str(p.input);
    out.output = str(p.output);
    out.hint = str(p.hint);
    out.source = str(p.source);
    out.timeLimit = Math.max(1, num(p.timeLimit, 1000));
    out.memoryLimit = Math.max(1, num(p.memoryLimit, 256));
    out.stackLimit = Math.max(1, num(p.stackLimit, 128));
    out.difficulty = clamp(num(p.difficulty, 0), DIFFICULTY_MIN, DIFFICULTY_MAX);
    out.auth = [ProblemAuth.Public, ProblemAuth.Private, ProblemAuth.Contest].includes(num(p.auth, 1) as ProblemAuth)
      ? (num(p.auth, 1) as ProblemAuth)
      : ProblemAuth.Public;
    out.type = num(p.type, 0) === ProblemType.OI ? ProblemType.OI : ProblemType.ACM;
    out.judgeMode = judgeModeOf(json.judgeMode ?? p.judgeMode);
    out.isRemoveEndBlank = bool(p.isRemoveEndBlank, true);
    out.openCaseResult = bool(p.openCaseResult, true);
    out.codeShare = bool(p.codeShare, true);
    out.isFileIO = bool(p.isFileIO, false);
    out.ioReadFileName = out.isFileIO ? str(p.ioReadFileName) || null : null;
    out.ioWriteFileName = out.isFileIO ? str(p.ioWriteFileName) || null : null;
    out.examples = Array.isArray(p.examples)
      ? (p.examples as { input?: unknown; output?: unknown }[]).map((e) => ({ input: str(e.input), output: str(e.output) }))
      : parseHojExamples(str(p.examples));
    out.languages = (json.languages ?? []).map((l) => str(l)).filter(Boolean);
    out.tags = [...new Set((json.tags ?? []).map((t) => str(t).trim()).filter(Boolean))];
    out.codeTemplates = (json.codeTemplates ?? []).map((t) => ({ language: str(t.language), code: str(t.code) }));
    out.spjCode = str(json.spjCode ?? p.spjCode) || null;
    out.spjLanguage = str(json.spjLanguage ?? p.spjLanguage) || null;
    out.userExtraFile = json.userExtraFile ?? parseJsonMap(p.userExtraFile);
    out.judgeExtraFile = json.judgeExtraFile ?? parseJsonMap(p.judgeExtraFile);
    const samples = json.samples ?? [];
    if (samples.length === 0) throw new ArchiveError(`no test cases listed in ${key}.json`);
    out.cases = samples.map((s) => {
      const input = files.get(`${key}/${str(s.input)}`);
      const output = files.get(`${key}/${str(s.output)}`);
      if (!input || !output) throw new ArchiveError(`missing case file ${s.input}/${s.output} for ${key}`);
      const groupNum = Number.isInteger(s.groupNum) && (s.groupNum as number) > 0 ? (s.groupNum as number) : null;
      return { input, output, score: Math.max(0, Math.trunc(num(s.score, 0))), ...(groupNum ? { groupNum } : {}) };
    });
    // Test groups: ours (caseGroups, not in HOJ), else HOJ's subtask mode over the cases' groupNums.
    out.caseGroups = Array.isArray(p.caseGroups)
      ? (p.caseGroups as CaseGroup[]).map((g) => ({ groupNum: num(g.groupNum, 0), score: num(g.score, -1), rule: g.rule }))
      : caseGroupsFromHoj(p.judgeCaseMode, out.cases);
    if (
      out.caseGroups &&
      subtaskProblem(
        out.caseGroups,
        out.cases.map((c) => c.groupNum ?? null),
      )
    ) {
      throw new ArchiveError(`test groups do not fit the cases in ${key}.json`);
    }
    if (p.checkerProtocol === 'domjudge') out.checkerProtocol = 'domjudge';
    return out;
  });
}

function parseJsonMap(v: unknown): Record<string, string> | null {
  if (!v) return null;
  if (typeof v === 'object') return v as Record<string, string>;
  try {
    return JSON.parse(String(v)) as Record<string, string>;
  } catch {
    return null;
  }
}

/** Files of an HOJ export archive for the given problems: `<problemId>.json` and `<problemId>/N.in|N.out`. */
export function buildHojArchiveFiles(problems: ImportedProblem[]): [string, Buffer][] {
  const files: [string, Buffer][] = [];
  const used = new Set<string>();
  problems.forEach((p, i) => {
    let key = (p.problemId ?? `problem-${i + 1}`).replace(/[^A-Za-z0-9_-]/g, '_') || `problem-${i + 1}`;
    while (used.has(key)) key = `${key}_`;
    used.add(key);
    const json: HojProblemJson = {
      problem: {
        problemId: p.problemId,
        title: p.title,
        author: p.author,
        description: p.description,
        input: p.input,
        output: p.output,
        hint: p.hint,
        source: p.source,
        timeLimit: p.timeLimit,
        memoryLimit: p.memoryLimit,
        stackLimit: p.stackLimit,
        difficulty: p.difficulty,
        auth: p.auth,
        type: p.type,
        judgeMode: p.judgeMode,
        isRemoveEndBlank: p.isRemoveEndBlank,
        openCaseResult: p.openCaseResult,
        codeShare: p.codeShare,
        isFileIO: p.isFileIO,
        ioReadFileName: p.ioReadFileName,
        ioWriteFileName: p.ioWriteFileName,
        examples: formatHojExamples(p.examples),
        spjCode: p.spjCode,
        spjLanguage: p.spjLanguage,
        // HOJ reads its subtask mode with each grouped case worth its group's score; we read caseGroups.
        judgeCaseMode: judgeCaseModeOf(p.caseGroups),
        ...(p.caseGroups?.length ? { caseGroups: p.caseGroups } : {}),
        ...(p.checkerProtocol && p.checkerProtocol !== 'testlib' ? { checkerProtocol: p.checkerProtocol } : {}),
      },
      languages: p.languages,
      samples: p.cases.map((c, n) => {
        const group = c.groupNum != null ? p.caseGroups?.find((g) => g.groupNum === c.groupNum) : undefined;
        return { input: `${n + 1}.in`, output: `${n + 1}.out`, score: group ? group.score : c.score, groupNum: group ? c.groupNum : null };
      }),
      tags: p.tags,
      codeTemplates: p.codeTemplates,
      judgeMode: p.judgeMode,
      userExtraFile: p.userExtraFile,
      judgeExtraFile: p.judgeExtraFile,
    };
    files.push([`${key}.json`, Buffer.from(JSON.stringify(json, null, 2))]);
    p.cases.forEach((c, n) => {
      files.push([`${key}/${n + 1}.in`, c.input]);
      files.push([`${key}/${n + 1}.out`, c.output]);
    });
  });
  return files;
}
