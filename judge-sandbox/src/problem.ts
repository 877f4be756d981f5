/** Reads a problem package directory: problem.json, the cases, and the checker or interactor. */
import * as fs from 'fs';
import * as path from 'path';
import { subtaskProblem } from '@oj/contracts';
import type { CaseGroup, ProblemPackage } from '@oj/contracts';
import { judgeModeOf } from './modes';

export interface ProblemCase {
  caseId: number;
  /** Absolute host paths. */
  input: string;
  output: string;
  score: number;
  inputName: string;
  outputName: string;
  /** The case's group (subtask) when the problem has groups. */
  groupNum: number | null;
}

export interface LoadedProblem {
  dir: string;
  pkg: ProblemPackage;
  cases: ProblemCase[];
  /** OI test groups (subtasks), each with its case count; empty when the problem has none. */
  groups: (CaseGroup & { total: number })[];
  /** checker.<ext> (spj) or interactor.<ext> (interactive) and its language name. */
  judgeProgram?: { file: string; code: string; language: string };
}

/** Default checker language by file extension, when problem.json does not say. */
const CHECKER_LANGUAGE_BY_EXT: Record<string, string> = {
  '.c': 'C With O2',
  '.cc': 'C++ 17 With O2',
  '.cpp': 'C++ 17 With O2',
  '.cxx': 'C++ 17 With O2',
  '.py': 'Python3',
  '.java': 'Java',
  '.js': 'JavaScript Node',
};

export function loadProblem(dir: string): LoadedProblem {
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as Partial<ProblemPackage>;
  const pkg: ProblemPackage = {
    timeLimit: raw.timeLimit ?? 1000,
    memoryLimit: raw.memoryLimit ?? 256,
    stackLimit: raw.stackLimit ?? raw.memoryLimit ?? 256,
    judgeMode: raw.judgeMode ?? 'default',
    type: raw.type ?? 'acm',
    isRemoveEndBlank: raw.isRemoveEndBlank ?? true,
    ...raw,
  } as ProblemPackage;
  const cases = (pkg.cases?.length ? pkg.cases : scanCases(dir)).map((c, i) => {
    const input = inside(dir, c.input);
    const output = inside(dir, c.output);
    const groupNum = pkg.type === 'oi' && pkg.groups?.length ? (c.groupNum ?? null) : null;
    return { caseId: c.caseId ?? i + 1, input, output, score: c.score ?? 0, inputName: c.input, outputName: c.output, groupNum };
  });
  if (cases.length === 0) throw new Error('the problem has no test cases');
  const groups = pkg.type === 'oi' && pkg.groups?.length ? pkg.groups : [];
  if (groups.length) {
    const refused = subtaskProblem(
      groups,
      cases.map((c) => c.groupNum),
    );
    if (refused) throw new Error(`bad test groups: ${refused}`);
    // Each case of a group is worth the group's score (a checker's partial points are out of it).
    const byNum = new Map(groups.map((g) => [g.groupNum, g]));
    for (const c of cases) if (c.groupNum !== null) c.score = byNum.get(c.groupNum)!.score;
  }
  // OI without scores: every case is worth the same, 100 in total.
  if (pkg.type === 'oi' && !groups.length && cases.every((c) => c.score === 0)) {
    const each = Math.floor(100 / cases.length);
    cases.forEach((c, i) => (c.score = each + (i < 100 - each * cases.length ? 1 : 0)));
  }
  let judgeProgram: LoadedProblem['judgeProgram'];
  const base = judgeModeOf(pkg.judgeMode).judgeProgram;
  if (base) {
    const file = fs.readdirSync(dir).find((f) => f.startsWith(`${base}.`) && CHECKER_LANGUAGE_BY_EXT[path.extname(f)]);
    if (!file) throw new Error(`${pkg.judgeMode} problem without ${base}.<ext>`);
    judgeProgram = {
      file,
      code: fs.readFileSync(path.join(dir, file), 'utf8'),
      language: pkg.checkerLanguage ?? CHECKER_LANGUAGE_BY_EXT[path.extname(file)],
    };
  }
  const withTotals = groups.map((g) => ({ ...g, total: cases.filter((c) => c.groupNum === g.groupNum).length }));
  return { dir, pkg, cases, groups: withTotals, judgeProgram };
}

/** 1.in/1.out (or 1.ans), 2.in/2.out, ... in numeric order. */
function scanCases(dir: string): NonNullable<ProblemPackage['cases']> {
  const files = new Set(fs.readdirSync(dir));
  return [...files]
    .filter((f) => f.endsWith('.in'))
    .map((f) => f.slice(0, -3))
    .filter((base) => files.has(`${base}.out`) || files.has(`${base}.ans`))
    .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
    .map((base) => ({ input: `${base}.in`, output: files.has(`${base}.out`) ? `${base}.out` : `${base}.ans` }));
}

/** Resolves a package-relative file, refusing paths that leave the package. */
function inside(dir: string, rel: string): string {
  const p = path.resolve(dir, rel);
  if (!p.startsWith(path.resolve(dir) + path.sep)) throw new Error(`case file outside the package: ${rel}`);
  return p;
}
