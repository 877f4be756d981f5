import { ContestType, JudgeStatus, OiScoreType, QuestionType, encodeBlankAnswer, encodeBlankRightAnswer } from '@oj/contracts';
import {
  answerFits,
  bestProgramScores,
  paperTotals,
  programPoints,
  rescoreAnswers,
  scoreAnswer,
  scoreBlank,
  scoreMultipleChoice,
  ScorableQuestion,
} from './scoring-engine';

const choice = (flags: boolean[], multiple: boolean): ScorableQuestion => ({
  type: QuestionType.Choice,
  multiple,
  choices: flags.map((status, i) => ({ content: `c${i}`, status })),
  rightAnswer: null,
});

describe('exam scoring engine', () => {
  describe('single choice', () => {
    const q = choice([false, true, false, false], false);
    it('gives the full score for the right letter only', () => {
      expect(scoreAnswer(q, 'B', 5)).toBe(5);
      expect(scoreAnswer(q, 'b', 5)).toBe(5);
      expect(scoreAnswer(q, 'A', 5)).toBe(0);
      expect(scoreAnswer(q, '', 5)).toBe(0);
    });
    it('gives nothing for two letters', () => expect(scoreAnswer(q, 'AB', 5)).toBe(0));
    it('refuses more than one letter as an answer', () => {
      expect(answerFits(q, 'AB')).toBe(false);
      expect(answerFits(q, 'B')).toBe(true);
      expect(answerFits(q, 'E')).toBe(false);
    });
  });

  describe('multiple choice (partial selection rule)', () => {
    const q = choice([true, false, true, true], true);
    it('gives the full score for exactly the right letters, in any order', () => {
      expect(scoreAnswer(q, 'ACD', 6)).toBe(6);
      expect(scoreAnswer(q, 'DCA', 6)).toBe(6);
    });
    it('gives half (floored) for some right letters and no wrong one', () => {
      expect(scoreAnswer(q, 'AC', 6)).toBe(3);
      expect(scoreAnswer(q, 'D', 5)).toBe(2);
    });
    it('gives 0 for any wrong letter, or nothing chosen', () => {
      expect(scoreAnswer(q, 'AB', 6)).toBe(0);
      expect(scoreAnswer(q, 'ABCD', 6)).toBe(0);
      expect(scoreMultipleChoice('ACD', '', 6)).toBe(0);
    });
    it('takes the stored right answer when no choice is flagged', () => {
      expect(scoreAnswer({ ...choice([false, false, false], true), rightAnswer: 'BC' }, 'CB', 4)).toBe(4);
    });
    it('cannot score a choice question without a right answer', () => expect(scoreAnswer(choice([false, false], true), 'A', 4)).toBeNull());
  });

  describe('judge', () => {
    const q: ScorableQuestion = { type: QuestionType.Judge, multiple: false, choices: [], rightAnswer: 'true' };
    it('scores true/false and their spellings', () => {
      expect(scoreAnswer(q, 'true', 2)).toBe(2);
      expect(scoreAnswer(q, 'T', 2)).toBe(2);
      expect(scoreAnswer(q, 'false', 2)).toBe(0);
      expect(scoreAnswer(q, '', 2)).toBe(0);
    });
    it('refuses an answer that is neither', () => expect(answerFits(q, 'maybe')).toBe(false));
  });

  describe('blank (normalisation: NFKC, trim, white space collapsed, case ignored)', () => {
    const right = encodeBlankRightAnswer([['Hello World', 'hi'], ['42']]);
    it('matches after normalisation and any alternative', () => {
      expect(scoreBlank(right, encodeBlankAnswer(['  hello   WORLD ', '４２']), 10)).toBe(10);
      expect(scoreBlank(right, encodeBlankAnswer(['HI', '42']), 10)).toBe(10);
    });
    it('gives the share of blanks right (floored)', () => {
      expect(scoreBlank(right, encodeBlankAnswer(['hello world', '43']), 10)).toBe(5);
      expect(scoreBlank(right, encodeBlankAnswer(['x']), 7)).toBe(0);
      expect(scoreBlank(encodeBlankRightAnswer([['a'], ['b'], ['c']]), encodeBlankAnswer(['a', 'b', 'x']), 10)).toBe(6);
    });
    it('does not match an empty blank nor a different word', () => {
      expect(scoreBlank(right, encodeBlankAnswer(['', '']), 10)).toBe(0);
      expect(scoreBlank(right, encodeBlankAnswer(['helloworld', '42']), 10)).toBe(5);
    });
    it('reads a single plain-text answer as the first blank', () => {
      expect(scoreBlank(encodeBlankRightAnswer([['Paris']]), 'paris', 3)).toBe(3);
    });
  });

  it('leaves answer questions to the markers (null)', () => {
    expect(scoreAnswer({ type: QuestionType.Answer, multiple: false, choices: [], rightAnswer: 'ref' }, 'ref', 10)).toBeNull();
  });

  describe('programming (partial points)', () => {
    it('OI: share of the judge score, full for Accepted', () => {
      expect(programPoints(ContestType.OI, JudgeStatus.PartialAccepted, 40, 100, 25)).toBe(10);
      expect(programPoints(ContestType.OI, JudgeStatus.WrongAnswer, 33, 100, 10)).toBe(3);
      expect(programPoints(ContestType.OI, JudgeStatus.Accepted, 100, 100, 25)).toBe(25);
      expect(programPoints(ContestType.OI, JudgeStatus.CompileError, 0, 100, 25)).toBe(0);
    });
    it('ACM: all or nothing', () => {
      expect(programPoints(ContestType.ACM, JudgeStatus.PartialAccepted, 90, 100, 25)).toBe(0);
      expect(programPoints(ContestType.ACM, JudgeStatus.Accepted, 100, 100, 25)).toBe(25);
    });
    const problems = new Map([[7, { score: 20, total: 100 }]]);
    const tries = [
      { submitId: 1, pid: 7, status: JudgeStatus.PartialAccepted, score: 80, submitTime: '2026-01-01T00:00:00Z' },
      { submitId: 2, pid: 7, status: JudgeStatus.WrongAnswer, score: 10, submitTime: '2026-01-01T00:05:00Z' },
      { submitId: 3, pid: 7, status: JudgeStatus.Pending, score: null, submitTime: '2026-01-01T00:06:00Z' },
      { submitId: 4, pid: 9, status: JudgeStatus.Accepted, score: 100, submitTime: '2026-01-01T00:06:00Z' },
    ];
    it('counts the highest try, or the most recent verdict, ignoring unfinished tries and other problems', () => {
      expect(bestProgramScores(tries, problems, ContestType.OI, OiScoreType.Highest).get(7)).toEqual({
        pid: 7,
        submitId: 1,
        status: JudgeStatus.PartialAccepted,
        score: 16,
      });
      expect(bestProgramScores(tries, problems, ContestType.OI, OiScoreType.Recent).get(7)).toEqual({
        pid: 7,
        submitId: 2,
        status: JudgeStatus.WrongAnswer,
        score: 2,
      });
      expect(bestProgramScores(tries, problems, ContestType.OI, OiScoreType.Recent).has(9)).toBe(false);
    });
  });

  it('totals objective, subjective (unmarked counts 0) and programming points, manual overrides first', () => {
    const t = paperTotals(
      [
        { type: QuestionType.Choice, score: 5 },
        { type: QuestionType.Blank, score: 3 },
        { type: QuestionType.Answer, score: 7 },
        { type: QuestionType.Answer, score: null },
      ],
      [{ score: 10 }, { score: 4, manual: 6 }],
    );
    expect(t).toEqual({ objectiveScore: 8, subjectiveScore: 7, programScore: 16, totalScore: 31 });
  });

  it('re-scores saved answers after the right answer changed, leaving hand-marked ones', () => {
    const before = choice([true, false, false], false);
    const after = choice([false, false, true], false);
    const answers = [
      { answer: 'A', manual: false, score: scoreAnswer(before, 'A', 4) },
      { answer: 'C', manual: false, score: scoreAnswer(before, 'C', 4) },
      { answer: 'A', manual: true, score: 1 },
    ];
    expect(answers.map((a) => a.score)).toEqual([4, 0, 1]);
    const rescored = rescoreAnswers(after, 4, answers);
    expect(rescored.map((r) => [r.answer.answer, r.score])).toEqual([
      ['A', 0],
      ['C', 4],
    ]);
  });
});
