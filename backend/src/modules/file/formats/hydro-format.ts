import * as yaml from 'js-yaml';
import { DIFFICULTY_MAX, DIFFICULTY_MIN, JudgeMode, ProblemAuth, ProblemType } from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { pairTestcases } from '../../problem/testcase-zip';
import { emptyProblem, ImportedProblem } from '../../problem/imported-problem';

interface HydroProblemYaml {
  title?: string;
  pid?: string;
  tag?: string[];
  hidden?: boolean;
  difficulty?: number;
}
interface HydroConfigYaml {
  type?: string;
  time?: string | number;
  memory?: string | number;
  checker?: string;
  checker_type?: string;
  interactor?: string;
  subtasks?: { score?: number; type?: string; cases?: { input: string; output: string }[] }[];
  cases?: { input: string; output: string; score?: number }[];
  filename?: string;
}

function loadYaml<T>(buf: Buffer | undefined, what: string): T {
  if (!buf) return {} as T;
  try {
    const v = yaml.load(buf.toString('utf8'), { schema: yaml.JSON_SCHEMA });
    if (expandedNodes(v) > YAML_MAX_NODES) throw new Error('too many nodes');
    return (v && typeof v === 'object' ? v : {}) as T;
  } catch {
    throw new ArchiveError(`invalid yaml: ${what}`);
  }
}

/** Nodes a Hydro file may expand to, aliases counted each time they are used (a few thousand cases at most). */
export const YAML_MAX_NODES = 100_000;

/**
 * Nodes of a loaded document as its readers will walk it: js-yaml keeps an alias as a shared reference, so
 * "billion laughs" loads small and explodes only when walked. Counting stops just past the limit, so the walk
 * itself stays cheap (and cyclic aliases end too).
 */
export function expandedNodes(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length && count <= YAML_MAX_NODES) {
    const v = stack.pop();
    count++;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push(child);
  }
  return count;
}

/** "1s", "1000ms", 1 → ms. */
export function hydroTimeMs(v: string | number | undefined): number | undefined {
  if (v == null) return undefined;
  if (typeof v === 'number') return Math.round(v * 1000);
  const m = v.trim().match(/^([\d.]+)\s*(ms|s)?$/i);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * (m[2]?.toLowerCase() === 'ms' ? 1 : 1000));
}

/** "256m", "512MB", "1g", 256 → MB. */
export function hydroMemoryMb(v: string | number | undefined): number | undefined {
  if (v == null) return undefined;
  if (typeof v === 'number') return v;
  const m = v.trim().match(/^([\d.]+)\s*([kmg])?i?b?$/i);
  if (!m) return undefined;
  const unit = (m[2] ?? 'm').toLowerCase();
  return Math.max(1, Math.round(Number(m[1]) * (unit === 'g' ? 1024 : unit === 'k' ? 1 / 1024 : 1)));
}

/** Samples written as ```input1 / ```output1 fenced blocks in a Hydro statement. */
function hydroSamples(md: string): { input: string; output: string }[] {
  const blocks = new Map<string, { input?: string; output?: string }>();
  const re = /```(input|output)(\d+)\s*\n([\s\S]*?)```/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(md))) {
    const b = blocks.get(m[2]) ?? {};
    b[m[1] as 'input' | 'output'] = m[3];
    blocks.set(m[2], b);
  }
  return [...blocks.entries()]
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, b]) => ({ input: b.input ?? '', output: b.output ?? '' }));
}

/** Reads a Hydro export: per problem folder `problem.yaml`, `problem*.md`, `testdata/` (with config.yaml). */
export function parseHydroArchive(files: Map<string, Buffer>): ImportedProblem[] {
  const dirs = [...files.keys()]
    .map((p) => p.match(/^(?:(.*)\/)?problem\.yaml$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => m[1] ?? '');
  if (dirs.length === 0) throw new ArchiveError('no problem.yaml found');
  return dirs.map((dir) => {
    const base = dir ? `${dir}/` : '';
    const meta = loadYaml<HydroProblemYaml>(files.get(`${base}problem.yaml`), `${base}problem.yaml`);
    const config = loadYaml<HydroConfigYaml>(files.get(`${base}testdata/config.yaml`), `${base}testdata/config.yaml`);
    const p = emptyProblem();
    p.title = String(meta.title ?? '').trim();
    if (!p.title) throw new ArchiveError(`problem without title: ${base}problem.yaml`);
    p.problemId = meta.pid ? String(meta.pid) : undefined;
    p.tags = [...new Set((meta.tag ?? []).map((t) => String(t).trim()).filter(Boolean))];
    p.auth = meta.hidden ? ProblemAuth.Private : ProblemAuth.Public;
    if (typeof meta.difficulty === 'number') p.difficulty = Math.min(DIFFICULTY_MAX, Math.max(DIFFICULTY_MIN, meta.difficulty));
    const statement =
      files.get(`${base}problem_en.md`) ?? files.get(`${base}problem.md`) ?? files.get(`${base}problem_zh.md`) ?? Buffer.from('');
    p.description = statement.toString('utf8');
    p.examples = hydroSamples(p.description);
    p.timeLimit = hydroTimeMs(config.time) ?? p.timeLimit;
    p.memoryLimit = hydroMemoryMb(config.memory) ?? p.memoryLimit;
    if (config.filename) {
      p.isFileIO = true;
      p.ioReadFileName = `${config.filename}.in`;
      p.ioWriteFileName = `${config.filename}.out`;
    }
    const testdata = (name: string) => files.get(`${base}testdata/${name}`);
    if (config.type === 'interactive' && config.interactor && testdata(config.interactor)) {
      p.judgeMode = JudgeMode.Interactive;
      p.spjCode = testdata(config.interactor)!.toString('utf8');
      p.spjLanguage = 'C++';
    } else if (config.checker && testdata(config.checker) && config.checker_type && config.checker_type !== 'default') {
      p.judgeMode = JudgeMode.Special;
      p.spjCode = testdata(config.checker)!.toString('utf8');
      p.spjLanguage = 'C++';
    }
    // Subtasks of rule min (Hydro's default) or sum become test groups; others (max) share their score over their cases.
    const grouped =
      !!config.subtasks?.length &&
      config.subtasks.every((st) => (st.cases ?? []).length > 0 && [undefined, 'min', 'sum'].includes(st.type));
    const listed: { input: string; output: string; score?: number; groupNum?: number }[] = config.subtasks?.length
      ? config.subtasks.flatMap((st, g) =>
          (st.cases ?? []).map((c, _i, all) =>
            grouped ? { ...c, score: 0, groupNum: g + 1 } : { ...c, score: Math.floor((st.score ?? 0) / all.length) },
          ),
        )
      : (config.cases ?? []);
    if (grouped) {
      p.caseGroups = config.subtasks!.map((st, g) => ({
        groupNum: g + 1,
        score: Math.max(0, Math.trunc(Number(st.score) || 0)),
        rule: st.type === 'sum' ? ('sum' as const) : ('min' as const),
      }));
    }
    if (listed.length > 0) {
      p.type = grouped || listed.some((c) => (c.score ?? 0) > 0) ? ProblemType.OI : ProblemType.ACM;
      p.cases = listed.map((c) => {
        const input = testdata(c.input);
        const output = testdata(c.output);
        if (!input || !output) throw new ArchiveError(`missing case file ${c.input}/${c.output}`);
        return { input, output, score: Math.max(0, Math.trunc(c.score ?? 0)), ...(c.groupNum ? { groupNum: c.groupNum } : {}) };
      });
    } else {
      p.cases = pairTestcases(files, `${base}testdata`).map((c) => ({ input: c.input, output: c.output, score: 0 }));
    }
    return p;
  });
}
