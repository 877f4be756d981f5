/** Shared set-up of the training HTTP suites: trainings made through the admin API, problems in the real database. */
import { JudgeResult, JudgeStatus, ProblemAuth, TrainingAuth } from '@oj/contracts';
import request from 'supertest';
import { JudgeResultService } from '../src/modules/judge/judge-result.service';
import { ProblemLanguage } from '../src/modules/problem/entities/problem-language.entity';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { TestApp, TestUser } from './utils/test-app';

export const TRAINING_PASSWORD = 'training-pw';

let seq = 0;
/** A bank problem judged in C++ (its own language list, so no judge server needs to be registered). */
export async function bankProblem(t: TestApp, title = 'A+B', auth: number = ProblemAuth.Public): Promise<Problem> {
  seq++;
  const p = await t.dataSource.getRepository(Problem).save({ problemId: `TR-${process.pid}-${seq}`, title, author: 'root', auth });
  await t.dataSource.getRepository(ProblemLanguage).save({ pid: p.id, language: 'C++' });
  return p;
}

export async function createTraining(
  t: TestApp,
  author: TestUser,
  spec: { title?: string; auth?: string; categoryId?: number; status?: boolean } = {},
): Promise<number> {
  const auth = spec.auth ?? TrainingAuth.Public;
  const res = await request(t.url)
    .post('/api/admin/training')
    .set('Authorization', author.token)
    .send({
      training: {
        title: spec.title ?? 'Training',
        description: '# Read me',
        auth,
        privatePwd: auth === TrainingAuth.Private ? TRAINING_PASSWORD : '',
        status: spec.status ?? true,
        rank: 0,
      },
      trainingCategory: spec.categoryId ? { id: spec.categoryId } : null,
    });
  if (res.body.status !== 200) throw new Error(`create training: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

export async function addTrainingProblem(t: TestApp, author: TestUser, tid: number, pid: number, displayId: string) {
  const res = await request(t.url)
    .post('/api/admin/training/add-problem-from-public')
    .set('Authorization', author.token)
    .send({ tid, pid, displayId });
  if (res.body.status !== 200) throw new Error(`add problem: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Submits through the real route with a tid; answers the envelope. */
export async function submitInTraining(t: TestApp, user: TestUser, tid: number, pid: string) {
  return request(t.url)
    .post('/api/submit-problem-judge')
    .set('Authorization', user.token)
    .send({ pid, tid, language: 'C++', code: 'int main() { return 0; }', isRemote: false });
}

/** Writes a verdict as the judge pipeline does (JudgeResultService.apply runs the result listeners). */
export async function verdict(t: TestApp, submitId: number, status: number, time = 15): Promise<void> {
  const result: JudgeResult = {
    status: status as JudgeStatus,
    time,
    memory: 1024,
    score: status === JudgeStatus.Accepted ? 100 : 0,
    cases: [],
  };
  const wrote = await t.get<JudgeResultService>(JudgeResultService).apply(submitId, 0, result);
  if (!wrote) throw new Error(`result of ${submitId} not written`);
}
