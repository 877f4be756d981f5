/** Problem visibility (spec §3): public, private, contest/exam only. */
export const ProblemAuth = { Public: 1, Private: 2, Contest: 3 } as const;
export type ProblemAuth = (typeof ProblemAuth)[keyof typeof ProblemAuth];

/** Problem case mode. */
export const ProblemType = { ACM: 0, OI: 1 } as const;
export type ProblemType = (typeof ProblemType)[keyof typeof ProblemType];

/** Judge modes (spec §1). Values are HOJ's names. */
export const JudgeMode = { Default: 'default', Special: 'spj', Interactive: 'interactive' } as const;
export type JudgeMode = (typeof JudgeMode)[keyof typeof JudgeMode];

/** Remote judges problems can be imported from (spec §1). */
export const REMOTE_OJS = ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ', 'BAS'] as const;
export type RemoteOj = (typeof REMOTE_OJS)[number];

export const DIFFICULTY_MIN = 0;
export const DIFFICULTY_MAX = 6;

/** Exam question types (spec §3). */
export const QuestionType = { Choice: 1, Judge: 2, Blank: 3, Answer: 4 } as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];
