/** Shared set-up of the exam HTTP suites: exams, questions and problems made through the admin API. */
import { ContestAuth, ContestType, QuestionType, encodeBlankRightAnswer } from '@oj/contracts';
import request from 'supertest';
import { TestApp, TestUser } from './utils/test-app';

export const MIN = 60_000;
export const EXAM_PASSWORD = 'exam-pw';

export interface ExamSpec {
  title?: string;
  auth?: number;
  type?: number;
  startTime: Date;
  endTime: Date;
  realScore?: boolean;
  autoRealScore?: boolean;
}

export function examBody(spec: ExamSpec): Record<string, unknown> {
  const auth = spec.auth ?? ContestAuth.Public;
  return {
    title: spec.title ?? 'Exam',
    description: 'rules',
    type: spec.type ?? ContestType.OI,
    auth,
    pwd: auth === ContestAuth.Public ? undefined : EXAM_PASSWORD,
    startTime: spec.startTime.toISOString(),
    endTime: spec.endTime.toISOString(),
    realScore: spec.realScore ?? false,
    autoRealScore: spec.autoRealScore ?? true,
  };
}

export async function ok(res: request.Response): Promise<unknown> {
  if (res.status !== 200 || res.body.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createExam(t: TestApp, author: TestUser, spec: ExamSpec): Promise<number> {
  const data = (await ok(await request(t.url).post('/api/admin/exam').set('Authorization', author.token).send(examBody(spec)))) as {
    id: number;
  };
  return data.id;
}

let seq = 0;
/** One question of each type written inside the exam: choice Q1 (multiple, A+C right, 4 points), judge Q2 (true, 2), blank Q3 (two blanks, 6), answer Q4 (10). */
export async function addFourQuestions(
  t: TestApp,
  author: TestUser,
  eid: number,
): Promise<{ choice: number; judge: number; blank: number; answer: number }> {
  const tag = `${process.pid}-${++seq}`;
  const make = async (displayId: string, score: number, question: Record<string, unknown>) => {
    const data = (await ok(
      await request(t.url)
        .post('/api/admin/exam/exam-question')
        .set('Authorization', author.token)
        .send({
          eid,
          displayId,
          score,
          question: { displayId: `${displayId}-${tag}`, description: `question ${displayId}`, answerShare: true, ...question },
        }),
    )) as { questionId: number };
    return data.questionId;
  };
  return {
    choice: await make('Q1', 4, {
      type: QuestionType.Choice,
      multiple: true,
      choices: [
        { content: 'right one', status: true },
        { content: 'wrong', status: false },
        { content: 'right two', status: true },
      ],
    }),
    judge: await make('Q2', 2, { type: QuestionType.Judge, rightAnswer: 'true' }),
    blank: await make('Q3', 6, { type: QuestionType.Blank, rightAnswer: encodeBlankRightAnswer([['Paris'], ['42', 'forty-two']]) }),
    answer: await make('Q4', 10, { type: QuestionType.Answer, rightAnswer: 'reference answer' }),
  };
}

export const setWindow = async (t: TestApp, author: TestUser, eid: number, spec: ExamSpec) =>
  ok(
    await request(t.url)
      .put('/api/admin/exam')
      .set('Authorization', author.token)
      .send({ id: eid, ...examBody(spec) }),
  );
