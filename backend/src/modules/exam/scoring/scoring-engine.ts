/**
 * The exam scoring engine: pure functions, no I/O (unit-tested in scoring-engine.spec.ts). The rules are the
 * ones contracts state (exam.ts, "Scoring rules"): services call these on save, on re-scoring and when papers
 * are totalled.
 */
import {
  ContestType,
  JUDGE_ANSWER,
  JudgeStatus,
  MULTIPLE_CHOICE_PARTIAL_RATIO,
  OiScoreType,
  QuestionChoice,
  QuestionType,
  choicesRightAnswer,
  decodeBlankAnswer,
  decodeBlankRightAnswer,
  normaliseBlank,
  normaliseChoiceAnswer,
} from '@oj/contracts';

/** What scoring needs of a question. */
export interface ScorableQuestion {
  type: QuestionType;
  multiple: boolean;
  choices: readonly QuestionChoice[];
  rightAnswer: string | null;
}

/** The right letters of a choice question: from the choices' status, else the stored right answer. */
export function rightChoiceLetters(q: Pick<ScorableQuestion, 'choices' | 'rightAnswer'>): string {
  const fromChoices = choicesRightAnswer(q.choices ?? []);
  return fromChoices || normaliseChoiceAnswer(q.rightAnswer ?? '');
}

/** Single choice: exactly the right letter, or 0. */
export function scoreSingleChoice(right: string, answer: string, full: number): number {
  const given = normaliseChoiceAnswer(answer);
  return given.length === 1 && given === right ? full : 0;
}

/**
 * Multiple choice: the full score for exactly the right letters; a non-empty selection made only of right letters
 * (some missing) gets floor(full × MULTIPLE_CHOICE_PARTIAL_RATIO); any wrong letter, or nothing, gives 0.
 */
export function scoreMultipleChoice(right: string, answer: string, full: number): number {
  const given = normaliseChoiceAnswer(answer);
  if (!given || !right) return 0;
  if (given === right) return full;
  const rightSet = new Set(right);
  for (const letter of given) if (!rightSet.has(letter)) return 0;
  return Math.floor(full * MULTIPLE_CHOICE_PARTIAL_RATIO);
}

/** Judge: 'true' / 'false' (also T/F, 1/0, yes/no in any case), the full score or 0. */
export function normaliseJudgeAnswer(answer: string): string | null {
  const v = answer.trim().toLowerCase();
  if (['true', 't', '1', 'yes', 'y', '√', '对', '正确'].includes(v)) return JUDGE_ANSWER.True;
  if (['false', 'f', '0', 'no', 'n', '×', '错', '错误'].includes(v)) return JUDGE_ANSWER.False;
  return null;
}

export function scoreJudge(rightAnswer: string, answer: string, full: number): number {
  const right = normaliseJudgeAnswer(rightAnswer);
  return right !== null && normaliseJudgeAnswer(answer) === right ? full : 0;
}

/** Blank: floor(full × blanks right / blanks); each blank matched after normaliseBlank with any alternative. */
export function scoreBlank(rightAnswer: string, answer: string, full: number): number {
  const right = decodeBlankRightAnswer(rightAnswer);
  if (!right) return 0;
  const given = decodeBlankAnswer(answer);
  let ok = 0;
  right.forEach((alternatives, i) => {
    const g = given[i];
    if (g === undefined) return;
    const n = normaliseBlank(g);
    if (n && alternatives.some((a) => normaliseBlank(a) === n)) ok++;
  });
  return Math.floor((full * ok) / right.length);
}

/**
 * The score of one saved answer: a number for objective types, null for answer questions (marked by hand)
 * and for a question that cannot be scored (no right answer).
 */
export function scoreAnswer(q: ScorableQuestion, answer: string, full: number): number | null {
  switch (q.type) {
    case QuestionType.Choice: {
      const right = rightChoiceLetters(q);
      if (!right) return null;
      return q.multiple ? scoreMultipleChoice(right, answer, full) : scoreSingleChoice(right, answer, full);
    }
    case QuestionType.Judge:
      return q.rightAnswer ? scoreJudge(q.rightAnswer, answer, full) : null;
    case QuestionType.Blank:
      return q.rightAnswer ? scoreBlank(q.rightAnswer, answer, full) : null;
    default:
      return null;
  }
}

/** Whether an answer fits the type (the service refuses others with EXAM_ERR.answerInvalid). */
export function answerFits(q: Pick<ScorableQuestion, 'type' | 'multiple' | 'choices'>, answer: string): boolean {
  switch (q.type) {
    case QuestionType.Choice: {
      const given = normaliseChoiceAnswer(answer);
      if (answer.trim() && !given) return false;
      const max = (q.choices ?? []).length;
      if ([...given].some((l) => l.charCodeAt(0) - 65 >= max)) return false;
      return q.multiple || given.length <= 1;
    }
    case QuestionType.Judge:
      return answer.trim() === '' || normaliseJudgeAnswer(answer) !== null;
    default:
      return true;
  }
}

/** Statuses of a programming submission that are a verdict (not waiting, judging or failed to submit). */
const UNFINISHED = new Set<number>([
  JudgeStatus.Pending,
  JudgeStatus.Compiling,
  JudgeStatus.Judging,
  JudgeStatus.Submitting,
  JudgeStatus.SubmittedFailed,
  JudgeStatus.SubmittedUnknownResult,
  JudgeStatus.NotSubmitted,
]);

export function isVerdict(status: number): boolean {
  return !UNFINISHED.has(status);
}

/**
 * Programming points: exam type OI, floor(full × judge score / problem total) (partial points; Accepted is the
 * full score); ACM, the full score when Accepted, else 0. Compile errors and system errors score 0.
 */
export function programPoints(
  examType: ContestType,
  status: number,
  judgeScore: number | null,
  problemTotal: number,
  full: number,
): number {
  if (status === JudgeStatus.Accepted) return full;
  if (examType === ContestType.ACM) return 0;
  if (status === JudgeStatus.CompileError || status === JudgeStatus.SystemError) return 0;
  if (!problemTotal || problemTotal <= 0) return 0;
  const share = Math.max(0, Math.min(1, (judgeScore ?? 0) / problemTotal));
  return Math.floor(full * share);
}

export interface ProgramTry {
  submitId: number;
  pid: number;
  status: number;
  score: number | null;
  submitTime: Date | string;
}

export interface ProgramItemScore {
  pid: number;
  submitId: number | null;
  status: number | null;
  score: number;
}

/**
 * The submission that counts per problem (rank score type: the most recent verdict, or the highest points;
 * ties to the earlier one) and its points. Unfinished tries are ignored.
 */
export function bestProgramScores(
  tries: readonly ProgramTry[],
  problems: ReadonlyMap<number, { score: number; total: number }>,
  examType: ContestType,
  rankScoreType: OiScoreType,
): Map<number, ProgramItemScore> {
  const out = new Map<number, ProgramItemScore & { at: number }>();
  for (const t of tries) {
    const p = problems.get(t.pid);
    if (!p || !isVerdict(t.status)) continue;
    const points = programPoints(examType, t.status, t.score, p.total, p.score);
    const at = new Date(t.submitTime).getTime();
    const cur = out.get(t.pid);
    const better =
      !cur ||
      (rankScoreType === OiScoreType.Recent
        ? at > cur.at || (at === cur.at && t.submitId > (cur.submitId ?? 0))
        : points > cur.score || (points === cur.score && at < cur.at));
    if (better) out.set(t.pid, { pid: t.pid, submitId: t.submitId, status: t.status, score: points, at });
  }
  return new Map([...out].map(([pid, { at: _at, ...v }]) => [pid, v]));
}

/** Per-type sums of a paper. */
export interface PaperTotals {
  objectiveScore: number;
  subjectiveScore: number;
  programScore: number;
  totalScore: number;
}

/** Totals of a paper: objective (choice, judge, blank), subjective (answer) and programming points. */
export function paperTotals(
  answers: readonly { type: QuestionType; score: number | null }[],
  programs: readonly { score: number; manual?: number | null }[],
): PaperTotals {
  let objectiveScore = 0;
  let subjectiveScore = 0;
  for (const a of answers) {
    if (a.score === null) continue;
    if (a.type === QuestionType.Answer) subjectiveScore += a.score;
    else objectiveScore += a.score;
  }
  const programScore = programs.reduce((s, p) => s + (p.manual ?? p.score), 0);
  return { objectiveScore, subjectiveScore, programScore, totalScore: objectiveScore + subjectiveScore + programScore };
}

/** Re-scoring after a right answer changed: the new score of every answer not marked by hand. */
export function rescoreAnswers<T extends { answer: string; manual: boolean; score: number | null }>(
  q: ScorableQuestion,
  full: number,
  answers: readonly T[],
): { answer: T; score: number | null }[] {
  return answers.filter((a) => !a.manual).map((a) => ({ answer: a, score: scoreAnswer(q, a.answer, full) }));
}
