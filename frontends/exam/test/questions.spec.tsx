/**
 * The questions screen in jsdom with the exam calls answered in memory: the strip counts answered questions,
 * an answer is kept in localStorage at once and sent with submit-question after the pause, and a new visit
 * (a reload) shows the kept answer before the server has it.
 */
import '../../kit/test/jsdom-setup';
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import {
  ContestAuth,
  ContestStatus,
  ContestType,
  ExamInfo,
  ExamQuestionView,
  OiScoreType,
  QuestionType,
  RankShowName,
} from '@oj/contracts';
import { DEFAULT_WEBSITE_CONFIG, LocaleProvider, authStore, setLocale, websiteConfigStore } from '@oj/kit';
import { ExamRoutes } from '../src/root';
import { examMessages } from '../src/locales';
import { answerStorageKey } from '../src/lib/answer-store';
import * as api from '../src/api/exam';

jest.mock('../src/api/exam');
jest.setTimeout(30_000);
const mocked = api as jest.Mocked<typeof api>;

function exam(): ExamInfo {
  const now = Date.now();
  return {
    id: 9,
    eid: 9,
    uid: 'teacher',
    author: 'teacher',
    title: 'Midterm',
    description: '',
    type: ContestType.OI,
    auth: ContestAuth.Public,
    startTime: new Date(now - 600_000).toISOString(),
    endTime: new Date(now + 3600_000).toISOString(),
    duration: 4200,
    status: ContestStatus.Running,
    now: new Date(now).toISOString(),
    realScore: false,
    autoRealScore: true,
    rankScoreType: OiScoreType.Highest,
    rankShowName: RankShowName.Username,
    visible: true,
    gid: null,
    totalScore: 20,
    questionCount: 2,
    problemCount: 0,
    gmtCreate: '',
    gmtModified: '',
  };
}

const question = (over: Partial<ExamQuestionView>): ExamQuestionView => ({
  id: 1,
  eid: 9,
  questionId: 101,
  displayId: '1',
  type: QuestionType.Choice,
  multiple: false,
  description: 'Pick one',
  choices: [{ content: 'red' }, { content: 'blue' }],
  blankCount: 0,
  score: 10,
  myAnswer: null,
  ...over,
});

let root: Root;
let host: HTMLElement;

async function renderAt(path: string) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <LocaleProvider messages={examMessages}>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <ExamRoutes />
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
}
async function unmount() {
  await act(async () => root.unmount());
  host.remove();
}
const q = (sel: string) => host.querySelector(sel);
const wait = (ms: number) => act(async () => void (await new Promise((r) => setTimeout(r, ms))));

beforeEach(() => {
  localStorage.clear();
  setLocale('en-US');
  websiteConfigStore.set({ config: DEFAULT_WEBSITE_CONFIG, loaded: true });
  localStorage.setItem('token', 'Bearer t');
  authStore.set({ uid: 'student-uid', username: 'sam', roleList: ['default_user'] });
  mocked.getExamInfo.mockResolvedValue({ data: exam(), receivedAt: Date.now() });
  mocked.getExamAccess.mockResolvedValue({ access: false, handedInAt: null });
  mocked.getExamQuestions.mockResolvedValue([
    question({}),
    question({ id: 2, questionId: 102, displayId: '2', type: QuestionType.Answer, description: 'Explain', choices: [] }),
  ]);
  mocked.submitQuestion.mockResolvedValue({ eid: 9, questionId: 101, answer: 'B', score: null, gmtModified: '' });
});
afterEach(() => jest.resetAllMocks());

it('keeps a choice at once, sends it after the pause, counts it in the strip and shows it again after a reload', async () => {
  await renderAt('/9/question');
  expect(q('[data-testid="answered-count"]')?.getAttribute('data-answered')).toBe('0');
  expect(q('[data-testid="strip-item"]')?.getAttribute('data-answered')).toBe('false');

  await act(async () => (q('[data-testid="choice-B"]') as HTMLElement).click());
  expect(JSON.parse(localStorage.getItem(answerStorageKey('student-uid', 9)) as string)).toEqual({ 101: { value: 'B', saved: false } });
  expect(q('[data-testid="answered-count"]')?.getAttribute('data-answered')).toBe('1');
  expect(q('[data-testid="strip-item"]')?.getAttribute('data-answered')).toBe('true');
  expect(mocked.submitQuestion).not.toHaveBeenCalled();
  await wait(900);
  expect(mocked.submitQuestion).toHaveBeenCalledWith(9, 101, 'B');
  expect(q('[data-testid="save-state"]')?.getAttribute('data-state')).toBe('idle');

  // a reload: the server says nothing yet (myAnswer null), the device still has the answer
  await unmount();
  await renderAt('/9/question/101');
  expect(q('[data-testid="answered-count"]')?.getAttribute('data-answered')).toBe('1');
  expect(q('.ant-radio-wrapper-checked [data-testid="choice-B"]')).not.toBeNull();
  await unmount();
});

it("fills in the server's answers on a new device and refuses input after the end", async () => {
  const ended = { ...exam(), status: ContestStatus.Ended, endTime: new Date(Date.now() - 1000).toISOString() };
  mocked.getExamInfo.mockResolvedValue({ data: ended, receivedAt: Date.now() });
  mocked.getExamQuestions.mockResolvedValue([
    question({ myAnswer: 'A' }),
    question({ id: 2, questionId: 102, displayId: '2', type: QuestionType.Answer, choices: [], myAnswer: 'my essay' }),
  ]);
  await renderAt('/9/question/102');
  expect(q('[data-testid="answered-count"]')?.getAttribute('data-answered')).toBe('2');
  const text = q('[data-testid="answer-text"]') as HTMLTextAreaElement;
  expect(text.value).toBe('my essay');
  expect(text.disabled).toBe(true);
  expect(q('[data-testid="answer-disabled"]')?.textContent).toContain('ended');
  await wait(900);
  expect(mocked.submitQuestion).not.toHaveBeenCalled();
  await unmount();
});

function paper(handedInAt: string | null): api.ExamPaper {
  return {
    eid: 9,
    uid: 'student-uid',
    username: 'sam',
    realname: null,
    nickname: null,
    answered: 1,
    objectiveScore: null,
    subjectiveScore: null,
    programScore: null,
    totalScore: null,
    fullScore: 20,
    marked: false,
    scoredAt: null,
    handedInAt,
    items: [],
  };
}

it('hands in (交卷): asks first, sends the unsaved answer, closes the paper and shows it', async () => {
  const at = new Date().toISOString();
  mocked.handInExam.mockResolvedValue(paper(at));
  mocked.getExamPapers.mockResolvedValue([paper(at)]);
  await renderAt('/9/question');
  await act(async () => (q('[data-testid="choice-B"]') as HTMLElement).click());
  await act(async () => (q('[data-testid="exam-hand-in"]') as HTMLElement).click());
  await wait(50);
  // the confirm dialog, nothing sent yet
  expect(mocked.handInExam).not.toHaveBeenCalled();
  const ok = document.querySelector('[data-testid="exam-hand-in-ok"]') as HTMLElement;
  expect(ok).not.toBeNull();
  mocked.getExamAccess.mockResolvedValue({ access: true, handedInAt: at });
  await act(async () => ok.click());
  await wait(100);
  // the kept answer went out before the hand-in
  expect(mocked.submitQuestion).toHaveBeenCalledWith(9, 101, 'B');
  expect(mocked.handInExam).toHaveBeenCalledWith(9);
  expect(mocked.submitQuestion.mock.invocationCallOrder[0]).toBeLessThan(mocked.handInExam.mock.invocationCallOrder[0]);
  // the candidate is taken to their paper, and the header says it is in
  expect(q('[data-testid="paper-view"]')).not.toBeNull();
  expect(q('[data-testid="exam-handed-in"]')).not.toBeNull();
  expect(q('[data-testid="exam-hand-in"]')).toBeNull();
  await unmount();
});

it('does not hand in when an answer cannot be saved', async () => {
  mocked.submitQuestion.mockRejectedValue(new Error('offline'));
  await renderAt('/9/question');
  await act(async () => (q('[data-testid="choice-A"]') as HTMLElement).click());
  await act(async () => (q('[data-testid="exam-hand-in"]') as HTMLElement).click());
  await wait(50);
  await act(async () => (document.querySelector('[data-testid="exam-hand-in-ok"]') as HTMLElement).click());
  await wait(100);
  expect(mocked.submitQuestion).toHaveBeenCalledWith(9, 101, 'A');
  expect(mocked.handInExam).not.toHaveBeenCalled();
  expect(document.body.textContent).toContain('Some answers could not be saved');
  await unmount();
});

it('keeps a handed-in paper closed', async () => {
  mocked.getExamAccess.mockResolvedValue({ access: true, handedInAt: new Date().toISOString() });
  await renderAt('/9/question');
  expect(q('[data-testid="answer-disabled"]')?.textContent).toContain('handed in');
  expect(q('[data-testid="exam-hand-in"]')).toBeNull();
  expect(q('[data-testid="exam-handed-in"]')).not.toBeNull();
  await unmount();
});
