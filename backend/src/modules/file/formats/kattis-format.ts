/**
 * ICPC / Kattis problem packages (the legacy format and the 2023-07 draft's common parts), as DOMjudge imports
 * them. Per package folder (the archive root, or each folder holding a problem.yaml):
 * - problem.yaml: `name` (a text or one per language), `type` / `validation` (pass-fail or scoring; custom or
 *   custom interactive validation), `validator_flags` of the default validator (float tolerances),
 *   `limits.time_limit` (s) and `limits.memory` (MiB); `.timelimit` or domjudge-problem.ini `timelimit` (s) too;
 * - data/sample and data/secret: `<name>.in` with `<name>.ans`, in name order, samples first; in a scoring
 *   problem each folder under data/secret is a test group whose testdata.yaml gives its score and rule; a package
 *   with samples only is judged on them (as DOMjudge judges its `hello`);
 * - output_validators/ (legacy) or output_validator/: one source file (C, C++ or Python, headers beside it are
 *   inlined; testlib.h is the judge's own), run by the Kattis convention (exit 42 / 43);
 * - problem_statement/ or statement/: problem[.en].md or .tex, the description (with \section{Input} /
 *   \section{Output} split off).
 */
import * as yaml from 'js-yaml';
import { JudgeMode, ProblemType } from '@oj/contracts';
import type { CaseGroup, SubtaskRule } from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { expandedNodes, YAML_MAX_NODES } from './hydro-format';
import { emptyProblem, ImportedProblem } from '../../problem/imported-problem';
import { inlineHeaders } from './judge-source';

interface KattisProblemYaml {
  name?: string | Record<string, string>;
  type?: string | string[];
  validation?: string;
  validator_flags?: string;
  source?: string;
  author?: string;
  keywords?: string | string[];
  limits?: { time_limit?: number; memory?: number };
}

interface TestdataYaml {
  accept_score?: number;
  score?: number;
  max_score?: number;
  grader_flags?: string;
  aggregation?: string;
  scoring?: { score?: number; aggregation?: string };
}

const natural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
const SOURCE_LANGUAGE: Record<string, string> = { c: 'C', cc: 'C++', cpp: 'C++', cxx: 'C++', 'c++': 'C++', py: 'Python3' };
/** Most examples taken from data/sample into the statement. */
const MAX_EXAMPLES = 5;

function loadYaml<T>(buf: Buffer | undefined, what: string): T {
  if (!buf) return {} as T;
  try {
    const v = yaml.load(buf.toString('utf8'), { schema: yaml.JSON_SCHEMA });
    if (expandedNodes(v) > YAML_MAX_NODES) throw new Error('too many nodes');
    if (v === null || v === undefined) return {} as T;
    if (typeof v !== 'object' || Array.isArray(v)) throw new Error('not a mapping');
    return v as T;
  } catch {
    throw new ArchiveError(`invalid yaml: ${what}`);
  }
}

/** The `.in` / `.ans` pairs directly in a folder, in name order; an input without its answer is refused. */
function casesIn(files: Map<string, Buffer>, dir: string): { name: string; input: Buffer; output: Buffer }[] {
  const prefix = `${dir}/`;
  const stems: string[] = [];
  for (const path of files.keys()) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length);
    if (name.includes('/')) continue;
    const m = name.match(/^(.+)\.in$/);
    if (m) stems.push(m[1]);
    else if (name.endsWith('.ans') && !files.has(`${prefix}${name.slice(0, -4)}.in`))
      throw new ArchiveError(`answer without input: ${path}`);
  }
  return stems.sort(natural).map((stem) => {
    const output = files.get(`${prefix}${stem}.ans`);
    if (!output) throw new ArchiveError(`input without answer: ${prefix}${stem}.in`);
    return { name: stem, input: files.get(`${prefix}${stem}.in`)!, output };
  });
}

/** Folders directly under `dir` (test groups), in name order. */
function subfolders(files: Map<string, Buffer>, dir: string): string[] {
  const prefix = `${dir}/`;
  const out = new Set<string>();
  for (const path of files.keys()) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash > 0) out.add(rest.slice(0, slash));
  }
  return [...out].sort(natural);
}

/** Every case under `dir`, its own first, then each subfolder's (depth first, name order). */
function casesUnder(files: Map<string, Buffer>, dir: string): { name: string; input: Buffer; output: Buffer }[] {
  return [...casesIn(files, dir), ...subfolders(files, dir).flatMap((sub) => casesUnder(files, `${dir}/${sub}`))];
}

/** Seconds as a number or a text ("2", "2.5") → ms. */
function secondsMs(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[\d.]+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.max(1, Math.round(n * 1000)) : undefined;
}

/** The validator's source: one C / C++ / Python file (headers of its folder inlined), with its language. */
function outputValidator(files: Map<string, Buffer>, base: string): { code: string; language: string } | null {
  const roots = [`${base}output_validators/`, `${base}output_validator/`];
  const inside = [...files.keys()].filter((p) => roots.some((r) => p.startsWith(r)));
  if (inside.length === 0) return null;
  const ext = (p: string) => p.slice(p.lastIndexOf('.') + 1).toLowerCase();
  const sources = inside.filter((p) => SOURCE_LANGUAGE[ext(p)]);
  if (sources.length !== 1) throw new ArchiveError(`the output validator must be one C, C++ or Python source, found ${sources.length}`);
  const source = sources[0];
  const folder = source.slice(0, source.lastIndexOf('/') + 1);
  // `#include "x.h"` of a header beside it is inlined (testlib.h is the judge's own copy).
  const code = inlineHeaders(files.get(source)!.toString('utf8'), (name) => files.get(`${folder}${name}`));
  return { code, language: SOURCE_LANGUAGE[ext(source)] };
}

/** The statement's text, and its Input / Output sections when it has them. */
function statement(files: Map<string, Buffer>, base: string): { text: string; input: string; output: string; name?: string } {
  const candidates = ['problem_statement', 'statement'].flatMap((d) =>
    ['problem.en.md', 'problem.md', 'problem.en.tex', 'problem.tex'].map((f) => `${base}${d}/${f}`),
  );
  const found = candidates.find((c) => files.has(c));
  if (!found) return { text: '', input: '', output: '' };
  let text = files.get(found)!.toString('utf8');
  const name = text.match(/\\problemname\{([^}]*)\}/)?.[1]?.trim();
  text = text.replace(/\\problemname\{[^}]*\}\s*/, '');
  const sections: Record<string, string> = {};
  const re = found.endsWith('.tex') ? /\\section\*?\{(Input|Output)\}/g : /^#+\s*(Input|Output)\s*$/gm;
  const marks = [...text.matchAll(re)];
  if (marks.length) {
    marks.forEach((m, i) => {
      const end = i + 1 < marks.length ? marks[i + 1].index : text.length;
      sections[m[1].toLowerCase()] = text.slice(m.index! + m[0].length, end).trim();
    });
    text = text.slice(0, marks[0].index).trim();
  }
  return { text: text.trim(), input: sections.input ?? '', output: sections.output ?? '', name };
}

/** A test group's score and rule from its testdata.yaml (legacy accept_score / grader_flags, or the draft's score / aggregation). */
function groupOf(files: Map<string, Buffer>, dir: string, groupNum: number, cases: number): CaseGroup {
  const t = loadYaml<TestdataYaml>(files.get(`${dir}/testdata.yaml`), `${dir}/testdata.yaml`);
  const flags = `${t.grader_flags ?? ''} ${t.aggregation ?? ''} ${t.scoring?.aggregation ?? ''}`;
  const rule: SubtaskRule = /\bmin\b/.test(flags) ? 'min' : 'sum';
  const explicit = t.scoring?.score ?? t.max_score ?? t.score;
  const accept = t.accept_score ?? 1;
  const score = typeof explicit === 'number' ? explicit : rule === 'min' ? accept : accept * cases;
  if (!Number.isFinite(score) || score < 0) throw new ArchiveError(`invalid score in ${dir}/testdata.yaml`);
  return { groupNum, score: Math.round(score), rule };
}

/** Reads an archive of one or more Kattis / ICPC problem packages. */
export function parseKattisArchive(files: Map<string, Buffer>): ImportedProblem[] {
  const dirs = [...files.keys()]
    .map((p) => p.match(/^(?:([^/]+)\/)?problem\.yaml$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => m[1] ?? '');
  if (dirs.length === 0) throw new ArchiveError('no problem.yaml found');
  if (dirs.includes('') && dirs.length > 1) throw new ArchiveError('a package at the root and in folders');
  return dirs.map((dir) => parsePackage(files, dir));
}

function parsePackage(files: Map<string, Buffer>, dir: string): ImportedProblem {
  const base = dir ? `${dir}/` : '';
  const meta = loadYaml<KattisProblemYaml>(files.get(`${base}problem.yaml`), `${base}problem.yaml`);
  const p = emptyProblem();
  const st = statement(files, base);
  const name =
    typeof meta.name === 'string'
      ? meta.name
      : meta.name && typeof meta.name === 'object'
        ? (meta.name.en ?? Object.values(meta.name)[0])
        : undefined;
  p.title = String(name ?? st.name ?? dir).trim();
  if (!p.title) throw new ArchiveError(`problem without name: ${base}problem.yaml`);
  if (dir) p.problemId = dir;
  p.description = st.text;
  p.input = st.input;
  p.output = st.output;
  p.source = typeof meta.source === 'string' ? meta.source : '';
  if (typeof meta.author === 'string' && meta.author.trim()) p.author = meta.author.trim();
  const keywords = Array.isArray(meta.keywords) ? meta.keywords : typeof meta.keywords === 'string' ? meta.keywords.split(/\s+/) : [];
  p.tags = [...new Set(keywords.map((k) => String(k).trim()).filter(Boolean))];

  // Limits: the draft's problem.yaml, else DOMjudge's .timelimit / domjudge-problem.ini.
  const limits = meta.limits && typeof meta.limits === 'object' ? meta.limits : {};
  const ini = files.get(`${base}domjudge-problem.ini`)?.toString('utf8');
  const iniTime = ini?.match(/^\s*timelimit\s*=\s*['"]?([\d.]+)['"]?\s*$/m)?.[1];
  p.timeLimit =
    secondsMs(limits.time_limit) ?? secondsMs(files.get(`${base}.timelimit`)?.toString('utf8')) ?? secondsMs(iniTime) ?? p.timeLimit;
  if (typeof limits.memory === 'number' && limits.memory > 0) p.memoryLimit = Math.round(limits.memory);
  p.stackLimit = p.memoryLimit;

  // Validation: legacy `validation: custom [interactive] [score]`, or the draft's type list.
  const types = (Array.isArray(meta.type) ? meta.type : String(meta.type ?? 'pass-fail').split(/\s+/)).map(String);
  const validation = String(meta.validation ?? 'default');
  const interactive = types.includes('interactive') || /\binteractive\b/.test(validation);
  const scoring = types.includes('scoring');
  // A multi-pass validator (legacy `validation: custom multi-pass`, the draft's `multi-pass` type) needs the program
  // run again on the validator's nextpass.in; judged once, its wrong answers could be accepted: refused.
  if (types.includes('multi-pass') || /\bmulti-pass\b/.test(validation))
    throw new ArchiveError(
      `multi-pass validation is not supported (the validator would be run once, judging differently from the package): ${base || './'}`,
    );
  const validator = outputValidator(files, base);
  const custom = interactive || /\bcustom\b/.test(validation) || (!!validator && !/\bdefault\b/.test(String(meta.validation ?? '')));
  if (custom) {
    if (!validator) throw new ArchiveError(`custom validation without an output validator: ${base}`);
    if (meta.validator_flags) throw new ArchiveError('validator_flags of a custom validator are not supported');
    p.judgeMode = interactive ? JudgeMode.Interactive : JudgeMode.Special;
    p.spjCode = validator.code;
    p.spjLanguage = validator.language;
    p.checkerProtocol = 'domjudge';
  } else if (meta.validator_flags) {
    const flags = String(meta.validator_flags).split(/\s+/);
    const value = (flag: string) => {
      const i = flags.indexOf(flag);
      const n = i >= 0 ? Number(flags[i + 1]) : NaN;
      return Number.isFinite(n) && n >= 0 ? n : undefined;
    };
    const both = value('float_tolerance');
    p.floatAbsTolerance = value('float_absolute_tolerance') ?? both ?? null;
    p.floatRelTolerance = value('float_relative_tolerance') ?? both ?? null;
  }

  // Test data: the samples, then the secret cases; groups in a scoring problem.
  const samples = casesIn(files, `${base}data/sample`);
  p.examples = samples.slice(0, MAX_EXAMPLES).map((c) => ({ input: c.input.toString('utf8'), output: c.output.toString('utf8') }));
  const secretDir = `${base}data/secret`;
  const cases: ImportedProblem['cases'] = samples.map((c) => ({ input: c.input, output: c.output, score: 0 }));
  if (scoring) {
    p.type = ProblemType.OI;
    const groups = subfolders(files, secretDir);
    const own = casesIn(files, secretDir);
    if (groups.length) {
      p.caseGroups = [];
      for (const c of own) cases.push({ input: c.input, output: c.output, score: 0 });
      groups.forEach((g, i) => {
        const inGroup = casesUnder(files, `${secretDir}/${g}`);
        if (inGroup.length === 0) throw new ArchiveError(`empty test group: ${secretDir}/${g}`);
        p.caseGroups!.push(groupOf(files, `${secretDir}/${g}`, i + 1, inGroup.length));
        for (const c of inGroup) cases.push({ input: c.input, output: c.output, score: 0, groupNum: i + 1 });
      });
    } else {
      // No groups: every secret case is worth the same (the importer spreads 100 points).
      for (const c of own) cases.push({ input: c.input, output: c.output, score: 0 });
    }
  } else {
    for (const c of casesUnder(files, secretDir)) cases.push({ input: c.input, output: c.output, score: 0 });
  }
  // A package with only samples (DOMjudge's `hello`) is judged on them, as DOMjudge does.
  if (cases.length === 0) throw new ArchiveError(`no test cases in data/secret or data/sample: ${base || './'}`);
  p.cases = cases;
  return p;
}
