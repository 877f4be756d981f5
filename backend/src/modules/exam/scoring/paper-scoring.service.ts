import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QuestionType } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { PaperProblemScore } from '../entities/exam-paper.entity';
import { Exam } from '../entities/exam.entity';
import { ExamItemsService } from '../exam-items.service';
import { ProgramTry, bestProgramScores, paperTotals, rescoreAnswers } from './scoring-engine';

/**
 * Scores papers: totals per candidate from the answers (each answer is scored when saved, see
 * ExamAnswerService) and the programming submissions (scored here by the engine), written in one statement.
 *
 * Cost: two aggregate reads (answers grouped by candidate and type: at most four rows a candidate; the exam's
 * judged submissions), the engine in memory, one `INSERT … SELECT unnest(…) ON CONFLICT` for every paper.
 */
@Injectable()
export class PaperScoringService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly items: ExamItemsService,
  ) {}

  /** Scores every paper of the exam (`uids` given: those candidates' only). Returns how many papers were written. */
  async scorePapers(exam: Pick<Exam, 'id' | 'type' | 'rankScoreType'>, uids?: readonly string[]): Promise<number> {
    const eid = exam.id;
    const only = uids ? [...new Set(uids)] : null;
    if (only && !only.length) return 0;
    const items = await this.items.items(eid);
    const filter = (col: string) => (only ? ` AND ${col} = ANY($2)` : '');
    const params = only ? [eid, only] : [eid];
    const [sums, tries, registered, previous] = await Promise.all([
      this.db.query(
        `SELECT a.uid, q.type, SUM(a.score)::int AS score, COUNT(*)::int AS n, COUNT(*) FILTER (WHERE a.score IS NULL)::int AS unscored
           FROM exam_answer a JOIN exam_question eq ON eq.eid = a.eid AND eq.qid = a.qid JOIN question q ON q.id = a.qid
          WHERE a.eid = $1${filter('a.uid')} GROUP BY a.uid, q.type`,
        params,
      ) as Promise<{ uid: string; type: QuestionType; score: number | null; n: number; unscored: number }[]>,
      items.problems.length
        ? (this.db.query(
            `SELECT submit_id AS "submitId", uid, pid, status, score, submit_time AS "submitTime" FROM judge WHERE eid = $1${filter('uid')}`,
            params,
          ) as Promise<(ProgramTry & { uid: string })[]>)
        : Promise.resolve([]),
      this.db.query(`SELECT uid FROM exam_register WHERE eid = $1${filter('uid')}`, params) as Promise<{ uid: string }[]>,
      this.db.query(`SELECT uid, problem_scores AS "problemScores" FROM exam_paper WHERE eid = $1${filter('uid')}`, params) as Promise<
        { uid: string; problemScores: PaperProblemScore[] }[]
      >,
    ]);

    const byUid = new Map<string, { sums: typeof sums; tries: ProgramTry[] }>();
    const entry = (uid: string) => {
      let e = byUid.get(uid);
      if (!e) byUid.set(uid, (e = { sums: [], tries: [] }));
      return e;
    };
    for (const s of sums) entry(s.uid).sums.push(s);
    for (const t of tries) entry(t.uid).tries.push(t);
    for (const r of registered) entry(r.uid);
    for (const uid of only ?? []) if (previous.some((p) => p.uid === uid)) entry(uid);
    const manualOf = new Map(
      previous.map((p) => [p.uid, new Map((p.problemScores ?? []).filter((s) => s.manual !== null).map((s) => [s.pid, s.manual]))]),
    );

    const problems = new Map(items.problems.map((p) => [p.pid, { score: p.score, total: p.total }]));
    const cols = {
      uid: [] as string[],
      answered: [] as number[],
      obj: [] as number[],
      subj: [] as number[],
      prog: [] as number[],
      total: [] as number[],
      marked: [] as boolean[],
      ps: [] as string[],
    };
    for (const [uid, e] of byUid) {
      const best = bestProgramScores(e.tries, problems, exam.type, exam.rankScoreType);
      const manual = manualOf.get(uid);
      const problemScores: PaperProblemScore[] = items.problems
        .filter((p) => best.has(p.pid) || manual?.has(p.pid))
        .map((p) => {
          const b = best.get(p.pid);
          return {
            pid: p.pid,
            submitId: b?.submitId ?? null,
            status: b?.status ?? null,
            score: b?.score ?? 0,
            manual: manual?.get(p.pid) ?? null,
          };
        });
      const totals = paperTotals(e.sums, problemScores);
      cols.uid.push(uid);
      cols.answered.push(e.sums.reduce((n, s) => n + s.n, 0) + best.size);
      cols.obj.push(totals.objectiveScore);
      cols.subj.push(totals.subjectiveScore);
      cols.prog.push(totals.programScore);
      cols.total.push(totals.totalScore);
      cols.marked.push(!e.sums.some((s) => s.type === QuestionType.Answer && s.unscored > 0));
      cols.ps.push(JSON.stringify(problemScores));
    }
    if (cols.uid.length) {
      await this.db.query(
        `INSERT INTO exam_paper (eid, uid, answered, objective_score, subjective_score, program_score, total_score, marked, problem_scores, scored_at)
         SELECT $1, u.* , now() FROM unnest($2::varchar[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bool[], $9::jsonb[]) AS u
         ON CONFLICT (eid, uid) DO UPDATE SET answered = EXCLUDED.answered, objective_score = EXCLUDED.objective_score,
           subjective_score = EXCLUDED.subjective_score, program_score = EXCLUDED.program_score, total_score = EXCLUDED.total_score,
           marked = EXCLUDED.marked, problem_scores = EXCLUDED.problem_scores, scored_at = EXCLUDED.scored_at`,
        [eid, cols.uid, cols.answered, cols.obj, cols.subj, cols.prog, cols.total, cols.marked, cols.ps],
      );
    }
    if (!only) await this.db.query('UPDATE exam SET scored_at = now() WHERE id = $1', [eid]);
    return cols.uid.length;
  }

  /**
   * Re-scores every saved answer of one question with its current right answer (answers marked by hand are
   * left), in one UPDATE; returns how many were re-scored.
   */
  async rescoreQuestion(eid: number, qid: number): Promise<number> {
    const items = await this.items.items(eid);
    const q = items.byQid.get(qid);
    if (!q) return 0;
    const answers: { id: number; answer: string; manual: boolean; score: number | null }[] = await this.db.query(
      'SELECT id, answer, manual, score FROM exam_answer WHERE eid = $1 AND qid = $2 AND NOT manual',
      [eid, qid],
    );
    const rescored = rescoreAnswers(q, q.score, answers);
    if (!rescored.length) return 0;
    await this.db.query(`UPDATE exam_answer a SET score = v.score FROM unnest($1::int[], $2::int[]) AS v(id, score) WHERE a.id = v.id`, [
      rescored.map((r) => r.answer.id),
      rescored.map((r) => r.score),
    ]);
    return rescored.length;
  }
}
