/**
 * Polygon (Codeforces) full packages: problem.xml with the tests and their answers in the archive (the
 * "standard" package without generated tests cannot be judged here: the generators are not run).
 * - problem.xml: the name, the first testset's time limit (ms) and memory limit (bytes), input / output files
 *   (file IO when not stdin / stdout), the tests (sample, points, group) and groups (points policy), tags;
 * - the checker (assets/checker/source) and interactor (assets/interactor/source): testlib programs, headers
 *   beside them inlined (testlib.h is the judge's own);
 * - the statement: statements/<language>/problem-properties.json (legend, input, output, notes), else the
 *   statement-sections/<language>/*.tex files; English first.
 * Points: a test group with points policy complete-group becomes an all-or-nothing group worth its tests'
 * points; tests of each-test groups keep their own points. Group dependencies are not kept.
 */
import { XMLParser } from 'fast-xml-parser';
import { JudgeMode, ProblemType } from '@oj/contracts';
import type { CaseGroup } from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { emptyProblem, ImportedProblem } from '../../problem/imported-problem';
import { inlineHeaders } from './judge-source';

type Attrs = Record<string, unknown>;
const REPEATED = new Set(['name', 'statement', 'testset', 'test', 'group', 'tag', 'file', 'source', 'solution', 'dependency']);
const MAX_EXAMPLES = 5;

const attr = (n: unknown, name: string): string | undefined =>
  n && typeof n === 'object' && (n as Attrs)[`@_${name}`] != null ? String((n as Attrs)[`@_${name}`]) : undefined;
const child = (n: unknown, name: string): unknown => (n && typeof n === 'object' ? (n as Attrs)[name] : undefined);
const list = (n: unknown): unknown[] => (Array.isArray(n) ? n : n == null ? [] : [n]);
const text = (n: unknown): string => (n == null ? '' : typeof n === 'object' ? String((n as Attrs)['#text'] ?? '') : String(n));

/** Polygon source types (cpp.g++17, c.gcc, python.3, java11...) → the judge's language names. */
function languageOf(type: string | undefined): string {
  const t = (type ?? '').toLowerCase();
  if (t.startsWith('cpp.')) return 'C++';
  if (t.startsWith('c.')) return 'C';
  if (t.startsWith('python.3') || t.startsWith('python.pypy3')) return 'Python3';
  if (t.startsWith('java')) return 'Java';
  throw new ArchiveError(`unsupported checker language: ${type ?? 'none'}`);
}

/** printf-style test path patterns: tests/%02d → tests/07. */
function testPath(pattern: string, n: number): string {
  return pattern.replace(/%(0?)(\d*)d/, (_m, zero: string, width: string) => String(n).padStart(Number(width) || 0, zero ? '0' : ' '));
}

function parseXml(xml: string): Attrs {
  if (/<!ENTITY/i.test(xml)) throw new ArchiveError('entity declarations are not allowed');
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name) => REPEATED.has(name),
    });
    const doc = parser.parse(xml, true) as Attrs;
    if (!doc || typeof doc.problem !== 'object') throw new Error('no <problem>');
    return doc.problem as Attrs;
  } catch {
    throw new ArchiveError('invalid problem.xml');
  }
}

/** Reads an archive of one or more Polygon packages (problem.xml at the root or in folders). */
export function parsePolygonArchive(files: Map<string, Buffer>): ImportedProblem[] {
  const dirs = [...files.keys()]
    .map((p) => p.match(/^(?:([^/]+)\/)?problem\.xml$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => m[1] ?? '');
  if (dirs.length === 0) throw new ArchiveError('no problem.xml found');
  if (dirs.includes('') && dirs.length > 1) throw new ArchiveError('a package at the root and in folders');
  return dirs.map((dir) => parsePackage(files, dir));
}

/** A checker or interactor source, headers of the package inlined. */
function judgeProgram(files: Map<string, Buffer>, base: string, asset: unknown): { code: string; language: string } | null {
  const source = list(child(asset, 'source'))[0];
  const path = attr(source, 'path');
  if (!path) return null;
  const data = files.get(`${base}${path}`);
  if (!data) throw new ArchiveError(`missing ${base}${path}`);
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  const code = inlineHeaders(data.toString('utf8'), (name) => files.get(`${base}${folder}${name}`) ?? files.get(`${base}files/${name}`));
  return { code, language: languageOf(attr(source, 'type')) };
}

/** Statement sections: problem-properties.json, else statement-sections/<language>/*.tex; English first. */
function statement(
  files: Map<string, Buffer>,
  base: string,
): { legend: string; input: string; output: string; notes: string; name?: string } {
  const languages = [
    'english',
    ...new Set(
      [...files.keys()]
        .map((p) => p.slice(base.length).match(/^(?:statements|statement-sections)\/([^/.][^/]*)\//)?.[1])
        .filter((l): l is string => !!l),
    ),
  ];
  for (const lang of languages) {
    const props = files.get(`${base}statements/${lang}/problem-properties.json`);
    if (props) {
      try {
        const p = JSON.parse(props.toString('utf8')) as Record<string, unknown>;
        const s = (k: string) => (typeof p[k] === 'string' ? (p[k] as string).trim() : '');
        return { legend: s('legend'), input: s('input'), output: s('output'), notes: s('notes'), name: s('name') || undefined };
      } catch {
        throw new ArchiveError(`invalid ${base}statements/${lang}/problem-properties.json`);
      }
    }
    const section = (name: string) => files.get(`${base}statement-sections/${lang}/${name}.tex`)?.toString('utf8').trim() ?? '';
    if (section('legend') || section('input')) {
      return {
        legend: section('legend'),
        input: section('input'),
        output: section('output'),
        notes: section('notes'),
        name: section('name') || undefined,
      };
    }
  }
  return { legend: '', input: '', output: '', notes: '' };
}

function parsePackage(files: Map<string, Buffer>, dir: string): ImportedProblem {
  const base = dir ? `${dir}/` : '';
  const xml = parseXml(files.get(`${base}problem.xml`)!.toString('utf8'));
  const p = emptyProblem();
  const st = statement(files, base);
  const names = list(child(child(xml, 'names'), 'name'));
  const name = names.find((n) => attr(n, 'language') === 'english') ?? names[0];
  p.title = (attr(name, 'value') ?? st.name ?? attr(xml, 'short-name') ?? dir).trim();
  if (!p.title) throw new ArchiveError(`problem without name: ${base}problem.xml`);
  p.problemId = attr(xml, 'short-name') || dir || undefined;
  p.description = st.legend;
  p.input = st.input;
  p.output = st.output;
  p.hint = st.notes;
  p.tags = [
    ...new Set(
      list(child(child(xml, 'tags'), 'tag'))
        .map((t) => (attr(t, 'value') ?? '').trim())
        .filter(Boolean),
    ),
  ];

  const judging = child(xml, 'judging');
  const testset = list(child(judging, 'testset')).find((t) => attr(t, 'name') === 'tests') ?? list(child(judging, 'testset'))[0];
  if (!testset) throw new ArchiveError('no testset in problem.xml');
  const time = Number(text(child(testset, 'time-limit')));
  const memory = Number(text(child(testset, 'memory-limit')));
  if (Number.isFinite(time) && time > 0) p.timeLimit = Math.round(time);
  if (Number.isFinite(memory) && memory > 0) p.memoryLimit = Math.max(1, Math.round(memory / (1024 * 1024)));
  p.stackLimit = p.memoryLimit;
  const inputFile = attr(judging, 'input-file')?.trim();
  const outputFile = attr(judging, 'output-file')?.trim();
  if (inputFile || outputFile) {
    p.isFileIO = true;
    p.ioReadFileName = inputFile || null;
    p.ioWriteFileName = outputFile || null;
  }

  const assets = child(xml, 'assets');
  const interactor = child(assets, 'interactor') ? judgeProgram(files, base, child(assets, 'interactor')) : null;
  const checker = child(assets, 'checker') ? judgeProgram(files, base, child(assets, 'checker')) : null;
  if (interactor) {
    p.judgeMode = JudgeMode.Interactive;
    p.spjCode = interactor.code;
    p.spjLanguage = interactor.language;
  } else if (checker) {
    p.judgeMode = JudgeMode.Special;
    p.spjCode = checker.code;
    p.spjLanguage = checker.language;
  }

  // Tests with their answers, as the path patterns name them.
  const inputPattern = text(child(testset, 'input-path-pattern')) || 'tests/%02d';
  const answerPattern = text(child(testset, 'answer-path-pattern')) || `${inputPattern}.a`;
  const tests = list(child(child(testset, 'tests'), 'test'));
  if (tests.length === 0) throw new ArchiveError('no tests in problem.xml');
  const policies = new Map(
    list(child(child(testset, 'groups'), 'group')).map((g) => [attr(g, 'name') ?? '', attr(g, 'points-policy') ?? 'each-test']),
  );
  const groupNums = new Map<string, number>();
  const groups: CaseGroup[] = [];
  p.cases = tests.map((test, i) => {
    const input = files.get(`${base}${testPath(inputPattern, i + 1)}`);
    const output = files.get(`${base}${testPath(answerPattern, i + 1)}`);
    if (!input || !output) throw new ArchiveError(`test ${i + 1} or its answer is missing (a full package is needed)`);
    const points = Number(attr(test, 'points') ?? 0);
    const score = Number.isFinite(points) && points > 0 ? Math.round(points) : 0;
    const group = attr(test, 'group');
    if (group !== undefined && policies.get(group) === 'complete-group') {
      let num = groupNums.get(group);
      if (num === undefined) {
        num = groupNums.size + 1;
        groupNums.set(group, num);
        groups.push({ groupNum: num, score: 0, rule: 'all' });
      }
      groups[num - 1].score += score;
      return { input, output, score: 0, groupNum: num };
    }
    return { input, output, score };
  });
  const scored = groups.some((g) => g.score > 0) || p.cases.some((c) => c.score > 0);
  if (scored) {
    p.type = ProblemType.OI;
    if (groups.length) p.caseGroups = groups;
  } else p.cases = p.cases.map(({ input, output }) => ({ input, output, score: 0 }));
  p.examples = tests
    .map((test, i) => ({ test, i }))
    .filter(({ test }) => attr(test, 'sample') === 'true')
    .slice(0, MAX_EXAMPLES)
    .map(({ i }) => ({ input: p.cases[i].input.toString('utf8'), output: p.cases[i].output.toString('utf8') }));
  return p;
}
