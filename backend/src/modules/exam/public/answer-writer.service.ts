import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface AnswerWrite {
  eid: number;
  qid: number;
  uid: string;
  answer: string;
  score: number | null;
}

interface Waiter extends AnswerWrite {
  resolve: (gmtModified: Date) => void;
  reject: (e: unknown) => void;
}

/** Most answers one statement writes. */
export const ANSWER_BATCH_MAX = 1_000;

/**
 * Writes saved answers in batches: requests arriving while a write is under way wait for the next one, which
 * writes them all in one `INSERT … SELECT unnest(…) ON CONFLICT DO UPDATE` (one commit, one WAL flush, instead of
 * one per answer). At most one write runs at a time on a replica, so two saves of the same answer land in the
 * order they came; within a batch the later one wins. Each request is answered once its batch has committed.
 *
 * The batch commits with `synchronous_commit = off` (for its own transaction only: `set_config(…, true)`): the
 * commit does not wait for its WAL flush, which was most of a save's time and all of its tail under load (each
 * batch waited for the disk, and the saves arriving meanwhile waited for that batch). What it risks is only a
 * crash of the PostgreSQL server itself within the WAL writer's delay (at most 3 × wal_writer_delay, 0.6 s by
 * default) after the commit: those answers are lost without corruption, the rest of the database is unaffected.
 * The candidate's browser keeps every answer in localStorage (product §3) and, when the exam page loads, sends again
 * each kept answer that the server's copy does not match (frontends/exam answer-store `reconcile`), so a lost
 * save comes back with the candidate's next page load during the exam.
 */
@Injectable()
export class AnswerWriterService {
  private queue: Waiter[] = [];
  private writing = false;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  save(a: AnswerWrite): Promise<Date> {
    return new Promise<Date>((resolve, reject) => {
      this.queue.push({ ...a, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, ANSWER_BATCH_MAX);
        // One row per answer: the last save of a batch wins (ON CONFLICT may not touch a row twice).
        const last = new Map<string, Waiter>();
        for (const w of batch) last.set(`${w.eid}:${w.qid}:${w.uid}`, w);
        const rows = [...last.values()];
        try {
          // The statement's own transaction commits without waiting for the WAL flush (see the class comment).
          const written: { key: string; gmtModified: Date }[] = await this.db.query(
            `WITH async_commit AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
             INSERT INTO exam_answer (eid, qid, uid, answer, score)
             SELECT a.* FROM unnest($1::int[], $2::int[], $3::varchar[], $4::text[], $5::int[]) AS a, async_commit
             ON CONFLICT (eid, qid, uid) DO UPDATE SET answer = EXCLUDED.answer, score = EXCLUDED.score, manual = false, gmt_modified = now()
             RETURNING eid || ':' || qid || ':' || uid AS key, gmt_modified AS "gmtModified"`,
            [rows.map((r) => r.eid), rows.map((r) => r.qid), rows.map((r) => r.uid), rows.map((r) => r.answer), rows.map((r) => r.score)],
          );
          const at = new Map(written.map((w) => [w.key, w.gmtModified]));
          for (const w of batch) w.resolve(at.get(`${w.eid}:${w.qid}:${w.uid}`) ?? new Date());
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
