/**
 * Admin → exam marking: a score the teacher is typing survives a reload of the papers ("score all" answering after
 * the teacher picked a candidate and typed), and the save sends it with the stored scores of the other questions.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AdapterRequest } from '@oj/kit';
import { ADMIN_EXAM_API, EXAM_API, ExamPaper, PaperItemKind, QuestionType } from '@oj/contracts';
import { api, setLocale } from '@oj/kit';
import ExamMarkingPage from '../src/pages/exam/marking';
import { answer, mountPage, settle, unmountPage, until } from './page-harness';

jest.setTimeout(120_000);

const paper = (answerScore: number | null, scoredAt: string): ExamPaper => ({
  eid: 3,
  uid: 'u1',
  username: 'stu',
  realname: null,
  nickname: null,
  answered: 2,
  objectiveScore: 10,
  subjectiveScore: answerScore,
  programScore: 0,
  totalScore: 10 + (answerScore ?? 0),
  fullScore: 40,
  marked: answerScore != null,
  scoredAt,
  handedInAt: null,
  items: [
    { kind: PaperItemKind.Question, displayId: '1', questionId: 11, type: QuestionType.Choice, fullScore: 10, score: 10, answer: 'B' },
    {
      kind: PaperItemKind.Question,
      displayId: '2',
      questionId: 12,
      type: QuestionType.Answer,
      fullScore: 20,
      score: answerScore,
      answer: 'text',
    },
  ],
});

describe('the marking page', () => {
  let sent: { url: string; body: unknown }[] = [];
  let stored = paper(null, '2026-12-06T10:00:00Z');
  /** "score all" answers only when the test lets it, as a slow server would */
  let releaseScoreAll: (() => void) | null = null;
  let root: Root | null = null;

  beforeAll(() => {
    api.defaults.adapter = async (config: AdapterRequest) => {
      const body = config.data ? JSON.parse(config.data as string) : undefined;
      sent.push({ url: String(config.url), body });
      let data: unknown = null;
      if (config.url === EXAM_API.paperList) data = [stored];
      if (config.url === ADMIN_EXAM_API.questionList) data = [];
      if (config.url === ADMIN_EXAM_API.scorePapers) {
        await new Promise<void>((r) => (releaseScoreAll = r));
        stored = paper(null, '2026-12-06T10:05:00Z');
        data = { papers: 1, ms: 5 };
      }
      if (config.url === EXAM_API.submitPaperScore) {
        const s = (body.questionScores as { questionId: number; score: number }[]).find((q) => q.questionId === 12);
        stored = paper(s?.score ?? null, '2026-12-06T10:06:00Z');
        data = stored;
      }
      return answer(config, data);
    };
  });

  const inputOf = (questionId: number) =>
    document.querySelector(`[data-testid="marking-item"][data-question-id="${questionId}"] input`) as HTMLInputElement;
  const total = () => document.querySelector('[data-testid="marking-total"]')?.textContent;

  beforeEach(async () => {
    sent = [];
    stored = paper(null, '2026-12-06T10:00:00Z');
    await act(async () => setLocale('en-US'));
    root = await mountPage(
      <MemoryRouter initialEntries={['/admin/exam/3/marking']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/admin/exam/:examID/marking" element={<ExamMarkingPage />} />
        </Routes>
      </MemoryRouter>,
    );
  });

  afterEach(async () => {
    await unmountPage(root);
    root = null;
    await act(async () => setLocale('zh-CN'));
  });

  it('keeps a typed score through the reload after "score all", and saves it with the stored ones', async () => {
    await until(() => !!document.querySelector('[data-testid="marking-candidate"]'), 'the candidates');
    await act(async () => (document.querySelector('[data-testid="marking-score-all"]') as HTMLElement).click());
    await act(async () => (document.querySelector('[data-testid="marking-candidate"]') as HTMLElement).click());
    await until(() => !!inputOf(12));
    expect(inputOf(11).value).toBe('10');
    expect(inputOf(12).value).toBe('');

    // the teacher types 15 while "score all" is still on its way; then its answer reloads the papers
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(inputOf(12), '15');
      inputOf(12).dispatchEvent(new Event('input', { bubbles: true }));
    });
    await until(() => releaseScoreAll != null);
    await act(async () => releaseScoreAll!());
    await until(() => sent.filter((s) => s.url === EXAM_API.paperList).length === 2);
    await settle();
    expect(inputOf(12).value).toBe('15');

    await act(async () => (document.querySelector('[data-testid="marking-submit"]') as HTMLElement).click());
    await until(() => total() === '25');
    expect(sent.find((s) => s.url === EXAM_API.submitPaperScore)?.body).toEqual({
      eid: 3,
      uid: 'u1',
      questionScores: [
        { questionId: 11, score: 10 },
        { questionId: 12, score: 15 },
      ],
    });
    // after the save the inputs show what is stored again
    expect(inputOf(12).value).toBe('15');
  });
});
