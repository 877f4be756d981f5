import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JudgeStatus, Page, ProblemAuth } from '@oj/contracts';
import { Repository } from 'typeorm';
import { PageRequest, toPage } from '../../core/pagination/pagination';
import { JudgeCase } from './entities/judge-case.entity';
import { Submission } from './entities/submission.entity';

/** Columns of a submission shown in lists (never the code). */
const LIST_COLUMNS: (keyof Submission)[] = [
  'submitId',
  'pid',
  'displayPid',
  'uid',
  'username',
  'submitTime',
  'status',
  'share',
  'time',
  'memory',
  'score',
  'length',
  'language',
  'cid',
  'judger',
];

/** Filters of the practice status list (get-submission-list), already resolved against the caller. */
export interface PracticeListFilter {
  /** Only submissions to public problems outside groups (everyone but admins). */
  publicProblemsOnly: boolean;
  uid?: string;
  username?: string;
  displayPid?: string;
  status?: number;
}

/** A row of the status check (check-submissions-status): the verdict fields and the context the caller's rule reads. */
export type SubmissionStatusRow = Pick<Submission, 'submitId' | 'status' | 'time' | 'memory' | 'score' | 'uid' | 'pid' | 'cid' | 'eid'>;

/** A virtual run's submission (SubmissionReader.virtualSubmissions). */
export type VirtualSubmissionRow = Pick<Submission, 'submitId' | 'uid' | 'pid' | 'status' | 'score' | 'time' | 'submitTime'> & {
  vid: number;
};

/** A program a plagiarism check compares (SubmissionReader.latestCodes). */
export type ComparedCode = Pick<Submission, 'submitId' | 'uid' | 'username' | 'pid' | 'displayPid' | 'language' | 'code'>;

/**
 * The read side of the submission tables and the two changes the submission routes make to a row (share, back to
 * Pending on resubmit), for the submission module: it decides who may see what, this service only queries.
 */
@Injectable()
export class SubmissionReader {
  constructor(
    @InjectRepository(Submission) private readonly judges: Repository<Submission>,
    @InjectRepository(JudgeCase) private readonly judgeCases: Repository<JudgeCase>,
  ) {}

  find(submitId: number): Promise<Submission | null> {
    return this.judges.findOne({ where: { submitId } });
  }

  /** A page of practice submissions (not contest, not exam), newest first, without their code. */
  async practicePage(filter: PracticeListFilter, req: PageRequest): Promise<Page<Submission>> {
    const qb = this.judges
      .createQueryBuilder('j')
      .select(LIST_COLUMNS.map((c) => `j.${c}`))
      .where('j.cid = 0 AND j.eid = 0')
      .orderBy('j.submitId', 'DESC');
    if (filter.publicProblemsOnly) {
      // The bank's table by its SQL name: the problem module owns the rows, this filter only reads two columns.
      qb.innerJoin('problem', 'p', 'p.id = j.pid').andWhere('p.auth = :auth AND p.is_group = false', { auth: ProblemAuth.Public });
    }
    if (filter.uid !== undefined) qb.andWhere('j.uid = :uid', { uid: filter.uid });
    if (filter.username !== undefined) qb.andWhere('j.username = :username', { username: filter.username });
    if (filter.displayPid) qb.andWhere('j.displayPid = :dp', { dp: filter.displayPid });
    if (filter.status !== undefined) qb.andWhere('j.status = :status', { status: filter.status });
    const [records, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
    return toPage(records, total, req);
  }

  /**
   * The programs a plagiarism check compares: of a contest, an exam, or a problem's practice submissions (outside
   * contests and exams), each user's latest submission per problem and language, accepted ones only if asked;
   * oldest first. `limit` caps the rows read (the caller refuses a larger scope).
   */
  async latestCodes(
    scope: { cid: number } | { eid: number } | { pid: number },
    onlyAccepted: boolean,
    limit: number,
  ): Promise<ComparedCode[]> {
    const where = 'cid' in scope ? 'j.cid = $1' : 'eid' in scope ? 'j.eid = $1' : 'j.pid = $1 AND j.cid = 0 AND j.eid = 0';
    const rows: ComparedCode[] = await this.judges.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (j.uid, j.pid, j.language)
                j.submit_id AS "submitId", j.uid, j.username, j.pid, j.display_pid AS "displayPid", j.language, j.code
           FROM judge j
          WHERE ${where} ${onlyAccepted ? `AND j.status = ${JudgeStatus.Accepted}` : ''}
          ORDER BY j.uid, j.pid, j.language, j.submit_id DESC) latest
        ORDER BY "submitId" LIMIT $2`,
      ['cid' in scope ? scope.cid : 'eid' in scope ? scope.eid : scope.pid, limit],
    );
    return rows;
  }

  /** Whether the user made any submission in the contest (virtual participation is for those who did not). */
  async hasContestSubmission(cid: number, uid: string): Promise<boolean> {
    const rows: unknown[] = await this.judges.query('SELECT 1 FROM judge WHERE cid = $1 AND uid = $2 LIMIT 1', [cid, uid]);
    return rows.length > 0;
  }

  /** The submissions of virtual runs (contest_virtual ids), as a board needs them. */
  virtualSubmissions(vids: number[]): Promise<VirtualSubmissionRow[]> {
    if (!vids.length) return Promise.resolve([]);
    return this.judges
      .createQueryBuilder('j')
      .select(['j.submitId', 'j.vid', 'j.uid', 'j.pid', 'j.status', 'j.score', 'j.time', 'j.submitTime'])
      .where('j.vid IN (:...vids)', { vids })
      .getMany() as Promise<VirtualSubmissionRow[]>;
  }

  /** The caller's latest accepted code of a problem, outside contests (cid 0) or in one contest. */
  lastAccepted(uid: string, pid: number, cid: number): Promise<Pick<Submission, 'submitId' | 'code' | 'language'> | null> {
    return this.judges.findOne({
      select: ['submitId', 'code', 'language'],
      where: { uid, pid, cid, eid: 0, status: JudgeStatus.Accepted },
      order: { submitId: 'DESC' },
    });
  }

  statusRows(submitIds: number[]): Promise<SubmissionStatusRow[]> {
    if (!submitIds.length) return Promise.resolve([]);
    return this.judges
      .createQueryBuilder('j')
      .select(['j.submitId', 'j.status', 'j.time', 'j.memory', 'j.score', 'j.uid', 'j.pid', 'j.cid', 'j.eid'])
      .where('j.submitId IN (:...ids)', { ids: [...new Set(submitIds)] })
      .getMany();
  }

  /** A submission's test case rows in case order. */
  cases(submitId: number): Promise<JudgeCase[]> {
    return this.judgeCases.find({ where: { submitId }, order: { caseId: 'ASC' } });
  }

  async setShare(submitId: number, share: boolean): Promise<void> {
    await this.judges.update({ submitId }, { share });
  }

  /** A Submitted Failed submission goes back to Pending before it is queued again. */
  async markPending(submitId: number, remote = false): Promise<void> {
    // A remote submission goes back to Submitting with no run: a resubmit forwards it anew (issue 34).
    await this.judges.update(
      { submitId },
      remote ? { status: JudgeStatus.Submitting, remoteRunId: null, remoteAccountId: null } : { status: JudgeStatus.Pending },
    );
  }
}
