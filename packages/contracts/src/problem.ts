/** Problem visibility (product §3): public, private, contest/exam only. */
export const ProblemAuth = { Public: 1, Private: 2, Contest: 3 } as const;
export type ProblemAuth = (typeof ProblemAuth)[keyof typeof ProblemAuth];

/** Problem case mode. */
export const ProblemType = { ACM: 0, OI: 1 } as const;
export type ProblemType = (typeof ProblemType)[keyof typeof ProblemType];

/** Judge modes (product §1). Values are HOJ's names. */
export const JudgeMode = { Default: 'default', Special: 'spj', Interactive: 'interactive' } as const;
export type JudgeMode = (typeof JudgeMode)[keyof typeof JudgeMode];

/** Remote judges problems can be imported from (product §1). */
export const REMOTE_OJS = ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ', 'BAS'] as const;
export type RemoteOj = (typeof REMOTE_OJS)[number];

export const DIFFICULTY_MIN = 0;
export const DIFFICULTY_MAX = 6;

/** Exam question types (product §3). */
export const QuestionType = { Choice: 1, Judge: 2, Blank: 3, Answer: 4 } as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];

/** One sample of a problem statement. */
export interface ProblemExample {
  input: string;
  output: string;
}

/**
 * HOJ answers a problem's samples as one string, `<input>1 2</input><output>3</output>` repeated, and its clients
 * parse that string: every API answer carries it (`formatHojExamples`); screens read it with `parseHojExamples`.
 */
export function formatHojExamples(examples: readonly ProblemExample[] | null | undefined): string {
  return (examples ?? []).map((e) => `<input>${e.input ?? ''}</input><output>${e.output ?? ''}</output>`).join('');
}

/** The samples of HOJ's example string (a list, as older answers had it, is read as it is). */
export function parseHojExamples(value: string | readonly Partial<ProblemExample>[] | null | undefined): ProblemExample[] {
  if (Array.isArray(value)) return value.map((e) => ({ input: e.input ?? '', output: e.output ?? '' }));
  if (!value || typeof value !== 'string') return [];
  const out: ProblemExample[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(value))) out.push({ input: m[1], output: m[2] });
  return out;
}

/**
 * HOJ's case modes (`judgeCaseMode` of get-all-case-result and the problem). `default`: case by case; a
 * problem with test groups (subtask.ts) reads as `subtask_lowest`, or `subtask_average` when every group
 * sums; a HOJ client saving a subtask mode with grouped cases gets groups of that rule (min / sum).
 */
export const JudgeCaseMode = {
  Default: 'default',
  SubtaskLowest: 'subtask_lowest',
  SubtaskAverage: 'subtask_average',
  ErgodicWithoutError: 'ergodic_without_error',
} as const;
export type JudgeCaseMode = (typeof JudgeCaseMode)[keyof typeof JudgeCaseMode];
