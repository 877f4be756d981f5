import { JudgeMode, ProblemType } from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { emptyProblem, ImportedProblem } from '../../problem/imported-problem';

interface QdojRich {
  format?: string;
  value?: string;
}
interface QdojProblemJson {
  display_id?: string;
  title?: string;
  description?: QdojRich | string;
  input_description?: QdojRich | string;
  output_description?: QdojRich | string;
  hint?: QdojRich | string;
  source?: string;
  time_limit?: number;
  memory_limit?: number;
  samples?: { input: string; output: string }[];
  test_case_score?: { input_name: string; output_name: string; score?: number }[];
  template?: Record<string, { prepend?: string; template?: string; append?: string } | string>;
  spj?: { language?: string; code?: string } | null;
  rule_type?: string;
  tags?: string[];
}

const rich = (v: QdojRich | string | undefined): string => (typeof v === 'string' ? v : (v?.value ?? ''));
const QDOJ_LANGUAGES: Record<string, string> = {
  C: 'C',
  'C++': 'C++',
  Java: 'Java',
  Python2: 'Python2',
  Python3: 'Python3',
  Golang: 'Golang',
  JavaScript: 'JavaScript Node',
};

/** Reads a QDOJ export: `N/problem.json` with `N/testcase/` per problem. */
export function parseQdojArchive(files: Map<string, Buffer>): ImportedProblem[] {
  const dirs = [...files.keys()]
    .map((p) => p.match(/^(?:(.*)\/)?problem\.json$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => m[1] ?? '');
  if (dirs.length === 0) throw new ArchiveError('no problem.json found');
  return dirs.map((dir) => {
    const base = dir ? `${dir}/` : '';
    let json: QdojProblemJson;
    try {
      json = JSON.parse(files.get(`${base}problem.json`)!.toString('utf8')) as QdojProblemJson;
    } catch {
      throw new ArchiveError(`invalid json: ${base}problem.json`);
    }
    const p = emptyProblem();
    p.title = (json.title ?? '').trim();
    if (!p.title) throw new ArchiveError(`problem without title: ${base}problem.json`);
    p.problemId = json.display_id || undefined;
    p.description = rich(json.description);
    p.input = rich(json.input_description);
    p.output = rich(json.output_description);
    p.hint = rich(json.hint);
    p.source = json.source ?? '';
    if (json.time_limit) p.timeLimit = json.time_limit;
    if (json.memory_limit) p.memoryLimit = json.memory_limit;
    p.type = json.rule_type === 'OI' ? ProblemType.OI : ProblemType.ACM;
    p.examples = (json.samples ?? []).map((s) => ({ input: s.input ?? '', output: s.output ?? '' }));
    p.tags = [...new Set((json.tags ?? []).map((t) => t.trim()).filter(Boolean))];
    p.codeTemplates = Object.entries(json.template ?? {}).map(([lang, t]) => ({
      language: QDOJ_LANGUAGES[lang] ?? lang,
      code: typeof t === 'string' ? t : [t.prepend, t.template, t.append].filter((s) => s).join('\n'),
    }));
    if (json.spj && json.spj.code) {
      p.judgeMode = JudgeMode.Special;
      p.spjCode = json.spj.code;
      p.spjLanguage = QDOJ_LANGUAGES[json.spj.language ?? 'C++'] ?? 'C++';
    }
    const scores = json.test_case_score ?? [];
    if (scores.length === 0) throw new ArchiveError(`no test cases listed for ${p.title}`);
    p.cases = scores.map((s) => {
      const input = files.get(`${base}testcase/${s.input_name}`);
      const output = files.get(`${base}testcase/${s.output_name}`);
      if (!input || !output) throw new ArchiveError(`missing case file ${s.input_name}/${s.output_name}`);
      return { input, output, score: Math.max(0, Math.trunc(s.score ?? 0)) };
    });
    return p;
  });
}
