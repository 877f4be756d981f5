import type { AuditLoadContext } from '../../core/audit/audited.decorator';
import { rowLoader } from '../../core/audit/audited.decorator';
import { ExamAnswer } from './entities/exam-answer.entity';
import { ExamPaper } from './entities/exam-paper.entity';
import { ExamProblem } from './entities/exam-problem.entity';
import { ExamQuestion } from './entities/exam-question.entity';
import { Exam } from './entities/exam.entity';
import { Question } from './entities/question.entity';

/**
 * What the audit trail records of exam edits and marking (core/audit/README.md): the exam row, its paper (problems
 * and questions with their points), one link, a bank question, or a candidate's marks.
 */
export const loadExam = rowLoader(Exam);
export const loadExamProblemLink = rowLoader(ExamProblem);
export const loadExamQuestionLink = rowLoader(ExamQuestion);
export const loadQuestion = rowLoader(Question);

/** The exam's items: programming problems and questions with display ids and points. */
export async function loadExamItems({ em, id }: AuditLoadContext): Promise<unknown> {
  const eid = Number(id);
  const [problems, questions] = await Promise.all([
    em.find(ExamProblem, { where: { eid }, order: { displayId: 'ASC' } }),
    em.find(ExamQuestion, { where: { eid }, order: { displayId: 'ASC' } }),
  ]);
  return {
    problems: problems.map((p) => ({ id: p.id, pid: p.pid, displayId: p.displayId, score: p.score })),
    questions: questions.map((q) => ({ id: q.id, qid: q.qid, displayId: q.displayId, score: q.score })),
  };
}

/** Target id of a candidate's paper: "eid:uid". */
export const paperId = (req: { body?: unknown }): string | null => {
  const b = (req.body ?? {}) as { eid?: unknown; uid?: unknown };
  return b.eid === undefined || b.uid === undefined ? null : `${String(b.eid)}:${String(b.uid)}`;
};

/** A candidate's marks: the paper's totals and per-problem points, and each answer's points (not the answers). */
export async function loadPaperMarks({ em, id }: AuditLoadContext): Promise<unknown> {
  const [eidText, uid] = String(id).split(':');
  const eid = Number(eidText);
  const [paper, answers] = await Promise.all([
    em.findOne(ExamPaper, { where: { eid, uid } }),
    em.find(ExamAnswer, { where: { eid, uid }, order: { qid: 'ASC' } }),
  ]);
  if (!paper && !answers.length) return null;
  return {
    paper: paper && {
      objectiveScore: paper.objectiveScore,
      subjectiveScore: paper.subjectiveScore,
      programScore: paper.programScore,
      totalScore: paper.totalScore,
      marked: paper.marked,
      problemScores: paper.problemScores,
    },
    answers: answers.map((a) => ({ qid: a.qid, score: a.score, manual: a.manual })),
  };
}

export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
