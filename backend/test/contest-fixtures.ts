/** Shared set-up of the contest HTTP suites: contests made through the admin API, problems and results in the real database. */
import { AfterEndSeal, ContestAuth, ContestType, JudgeStatus, SealMode } from '@oj/contracts';
import request from 'supertest';
import { ContestJudgeBridge } from '../src/modules/contest/submissions/contest-judge.bridge';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { Submission } from '../src/modules/submission-store/entities/submission.entity';
import { TestApp, TestUser } from './utils/test-app';

export const MIN = 60_000;
export const PASSWORD = 'contest-pw';

export interface ContestSpec {
  title?: string;
  type?: number;
  auth?: number;
  startTime: Date;
  endTime: Date;
  sealRank?: boolean;
  sealMode?: string;
  afterEndSeal?: string;
  starAccount?: string[];
  openPrint?: boolean;
  rankShowName?: string;
  oiRankScoreType?: string;
}

export function contestBody(spec: ContestSpec): Record<string, unknown> {
  return {
    title: spec.title ?? 'Contest',
    description: 'rules',
    type: spec.type ?? ContestType.ACM,
    auth: spec.auth ?? ContestAuth.Public,
    pwd: (spec.auth ?? ContestAuth.Public) === ContestAuth.Public ? undefined : PASSWORD,
    startTime: spec.startTime.toISOString(),
    endTime: spec.endTime.toISOString(),
    sealRank: spec.sealRank ?? false,
    sealMode: spec.sealMode ?? SealMode.LastHour,
    afterEndSeal: spec.afterEndSeal ?? AfterEndSeal.AutoUnseal,
    starAccount: spec.starAccount ?? [],
    openPrint: spec.openPrint ?? true,
    ...(spec.rankShowName ? { rankShowName: spec.rankShowName } : {}),
    ...(spec.oiRankScoreType ? { oiRankScoreType: spec.oiRankScoreType } : {}),
  };
}

/** Creates a contest as `author` through POST /api/admin/contest and returns its id. */
export async function createContest(t: TestApp, author: TestUser, spec: ContestSpec): Promise<number> {
  const res = await request(t.url).post('/api/admin/contest').set('Authorization', author.token).send(contestBody(spec));
  if (res.status !== 200) throw new Error(`create contest: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

let problemSeq = 0;
/** A bank problem (the problem module's entity, saved in the real database). */
export async function createProblem(t: TestApp, title = 'A+B'): Promise<Problem> {
  problemSeq++;
  return t.dataSource.getRepository(Problem).save({ problemId: `CT-${process.pid}-${problemSeq}`, title, author: 'root' });
}

export async function addProblem(
  t: TestApp,
  author: TestUser,
  cid: number,
  pid: number,
  displayId: string,
  color = '#ff0000',
): Promise<void> {
  const res = await request(t.url)
    .post('/api/admin/contest/add-problem-from-public')
    .set('Authorization', author.token)
    .send({ cid, pid, displayId, color });
  if (res.status !== 200) throw new Error(`add problem: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A contest submission with its result as the judge pipeline stores it, then the pipeline's hook
 * (ContestJudgeBridge.onSubmissionResult) that moves the scoreboard.
 */
export async function judged(
  t: TestApp,
  user: TestUser,
  cid: number,
  problem: Problem,
  displayId: string,
  status: number,
  submitTime: Date,
  extra: { score?: number; time?: number } = {},
): Promise<number> {
  const row = await t.dataSource.getRepository(Submission).save({
    pid: problem.id,
    displayPid: displayId,
    uid: user.uid,
    username: user.username,
    submitTime,
    status,
    time: extra.time ?? 10,
    memory: 1024,
    score: extra.score ?? (status === JudgeStatus.Accepted ? 100 : 0),
    length: 20,
    code: 'int main() { return 0; }',
    language: 'C++',
    cid,
  });
  await t.get<ContestJudgeBridge>(ContestJudgeBridge).onSubmissionResult(row.submitId);
  return row.submitId;
}

export async function rank(t: TestApp, user: TestUser | null, cid: number, extra: Record<string, unknown> = {}) {
  const req = request(t.url).post('/api/get-contest-rank');
  if (user) req.set('Authorization', user.token);
  return req.send({ cid, ...extra });
}

/**
 * The board's own rows of a rank page. Page 1 as a participant gets it starts with a copy of their own row (HOJ),
 * left out here; the copy must equal their row on the board when that row is on the page too.
 */
export function boardRows<R extends { uid: string }>(data: { records: R[]; current: number }, viewer: { uid: string }): R[] {
  const [first, ...rest] = data.records;
  if (data.current !== 1 || first?.uid !== viewer.uid) return data.records;
  const own = rest.find((r) => r.uid === viewer.uid);
  if (own && JSON.stringify(own) !== JSON.stringify(first))
    throw new Error(`the pinned row differs from the board's: ${JSON.stringify(first)}`);
  return rest;
}
