import { JudgeMode, ProblemAuth, ProblemType } from '@oj/contracts';

/** One problem read from any import format, before it is stored. */
export interface ImportedProblem {
  problemId?: string;
  title: string;
  author?: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  /** MB */
  stackLimit: number;
  difficulty: number;
  auth: ProblemAuth;
  type: ProblemType;
  judgeMode: JudgeMode;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  codeShare: boolean;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  examples: { input: string; output: string }[];
  /** Language display names; empty means every language the judges run. */
  languages: string[];
  tags: string[];
  codeTemplates: { language: string; code: string }[];
  spjCode: string | null;
  spjLanguage: string | null;
  userExtraFile: Record<string, string> | null;
  judgeExtraFile: Record<string, string> | null;
  cases: { input: Buffer; output: Buffer; score: number }[];
}

export function emptyProblem(): ImportedProblem {
  return {
    title: '',
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    difficulty: 0,
    auth: ProblemAuth.Public,
    type: ProblemType.ACM,
    judgeMode: JudgeMode.Default,
    isRemoveEndBlank: true,
    openCaseResult: true,
    codeShare: true,
    isFileIO: false,
    ioReadFileName: null,
    ioWriteFileName: null,
    examples: [],
    languages: [],
    tags: [],
    codeTemplates: [],
    spjCode: null,
    spjLanguage: null,
    userExtraFile: null,
    judgeExtraFile: null,
    cases: [],
  };
}

/** HOJ stores examples as `<input>..</input><output>..</output>` pairs in one string. */
export function parseHojExamples(text: string | null | undefined): { input: string; output: string }[] {
  if (!text) return [];
  const out: { input: string; output: string }[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push({ input: m[1], output: m[2] });
  return out;
}

export function formatHojExamples(examples: { input: string; output: string }[]): string {
  return examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join('');
}
