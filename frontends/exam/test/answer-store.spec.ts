/** The exam answer store: kept in localStorage at once, sent to the server after a pause (debounced). */
import { answerStorageKey, createAnswerStore, isAnswered } from '../src/lib/answer-store';

type Call = { questionId: number; value: string };

function setup(save?: (questionId: number, value: string) => Promise<unknown>) {
  const calls: Call[] = [];
  const store = createAnswerStore({
    eid: 7,
    uid: 'u1',
    delayMs: 500,
    save:
      save ??
      (async (questionId, value) => {
        calls.push({ questionId, value });
      }),
  });
  return { store, calls };
}

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

it('writes every change to localStorage at once, under the candidate and the exam', () => {
  const { store } = setup();
  store.set(1, 'A');
  const kept = JSON.parse(localStorage.getItem(answerStorageKey('u1', 7)) as string);
  expect(kept).toEqual({ 1: { value: 'A', saved: false } });
  expect(localStorage.getItem(answerStorageKey('u2', 7))).toBeNull();
});

it('sends only the last value of a burst of changes, after the pause', async () => {
  const { store, calls } = setup();
  store.set(1, 'h');
  jest.advanceTimersByTime(300);
  store.set(1, 'he');
  jest.advanceTimersByTime(300);
  store.set(1, 'hello');
  expect(calls).toEqual([]);
  expect(store.saveState()).toBe('pending');
  await jest.advanceTimersByTimeAsync(499);
  expect(calls).toEqual([]);
  await jest.advanceTimersByTimeAsync(1);
  expect(calls).toEqual([{ questionId: 1, value: 'hello' }]);
  expect(store.get(1)).toEqual({ value: 'hello', saved: true });
  expect(store.saveState()).toBe('idle');
  expect(JSON.parse(localStorage.getItem(answerStorageKey('u1', 7)) as string)[1].saved).toBe(true);
});

it('debounces each question on its own', async () => {
  const { store, calls } = setup();
  store.set(1, 'A');
  await jest.advanceTimersByTimeAsync(400);
  store.set(2, 'true');
  await jest.advanceTimersByTimeAsync(100);
  expect(calls).toEqual([{ questionId: 1, value: 'A' }]);
  await jest.advanceTimersByTimeAsync(400);
  expect(calls).toEqual([
    { questionId: 1, value: 'A' },
    { questionId: 2, value: 'true' },
  ]);
});

it('keeps the answers across a reload (a new store reads them back) and sends what was unsaved on flush', async () => {
  const first = setup();
  first.store.set(1, 'B');
  first.store.set(3, '["x","y"]');
  first.store.dispose(); // the page goes away before the pause ends
  expect(first.calls).toEqual([]);

  const second = setup();
  expect(second.store.get(1)).toEqual({ value: 'B', saved: false });
  expect(second.store.get(3)?.value).toBe('["x","y"]');
  expect(second.store.saveState()).toBe('pending');
  await second.store.flush();
  expect(second.calls).toEqual(
    expect.arrayContaining([
      { questionId: 1, value: 'B' },
      { questionId: 3, value: '["x","y"]' },
    ]),
  );
  expect(second.store.saveState()).toBe('idle');
});

it("takes the server's answer only where nothing is kept locally", () => {
  const { store } = setup();
  store.set(1, 'local');
  store.seed(1, 'server');
  store.seed(2, 'server');
  expect(store.get(1)).toEqual({ value: 'local', saved: false });
  expect(store.get(2)).toEqual({ value: 'server', saved: true });
});

it('sends a confirmed answer again when the server no longer holds it, and nothing when it matches', async () => {
  const { store, calls } = setup();
  store.set(1, 'A');
  store.set(2, 'true');
  store.set(3, 'kept');
  await jest.advanceTimersByTimeAsync(500);
  expect(calls).toHaveLength(3);
  calls.length = 0;
  // The page loads again: the server lost question 1's save (null) and holds an older answer to question 2.
  store.reconcile(1, null);
  store.reconcile(2, 'false');
  store.reconcile(3, 'kept');
  store.reconcile(4, 'from another device');
  expect(store.get(1)).toEqual({ value: 'A', saved: false });
  expect(store.get(4)).toEqual({ value: 'from another device', saved: true });
  await jest.advanceTimersByTimeAsync(500);
  expect(calls).toEqual(
    expect.arrayContaining([
      { questionId: 1, value: 'A' },
      { questionId: 2, value: 'true' },
    ]),
  );
  expect(calls).toHaveLength(2);
  expect(store.get(2)).toEqual({ value: 'true', saved: true });
  expect(store.saveState()).toBe('idle');
});

it('keeps a refused answer unsaved, says so, and sends it again on the next change', async () => {
  let fail = true;
  const calls: Call[] = [];
  const { store } = setup(async (questionId, value) => {
    calls.push({ questionId, value });
    if (fail) throw new Error('offline');
  });
  store.set(1, 'A');
  await jest.advanceTimersByTimeAsync(500);
  expect(store.saveState()).toBe('error');
  expect(store.get(1)).toEqual({ value: 'A', saved: false });
  fail = false;
  store.set(1, 'AB');
  await jest.advanceTimersByTimeAsync(500);
  expect(calls.map((c) => c.value)).toEqual(['A', 'AB']);
  expect(store.get(1)).toEqual({ value: 'AB', saved: true });
  expect(store.saveState()).toBe('idle');
});

it('a change made while a save is under way is sent after it, and stays unsaved until then', async () => {
  let release: () => void = () => undefined;
  const calls: string[] = [];
  const { store } = setup(
    (_q, value) =>
      new Promise<void>((resolve) => {
        calls.push(value);
        release = resolve;
      }),
  );
  store.set(1, 'first');
  await jest.advanceTimersByTimeAsync(500);
  expect(store.saveState()).toBe('saving');
  store.set(1, 'second');
  release();
  await jest.advanceTimersByTimeAsync(0);
  expect(store.get(1)).toEqual({ value: 'second', saved: false });
  await jest.advanceTimersByTimeAsync(500);
  release();
  await jest.advanceTimersByTimeAsync(0);
  expect(calls).toEqual(['first', 'second']);
  expect(store.get(1)).toEqual({ value: 'second', saved: true });
});

it('ignores a corrupt stored entry', () => {
  localStorage.setItem(answerStorageKey('u1', 7), '{not json');
  expect(setup().store.all()).toEqual({});
  localStorage.setItem(answerStorageKey('u1', 7), JSON.stringify({ 1: { value: 3 }, x: { value: 'a' }, 2: { value: 'ok', saved: true } }));
  expect(setup().store.all()).toEqual({ 2: { value: 'ok', saved: true } });
});

it('counts an answer as given only when it holds something', () => {
  expect(isAnswered(undefined)).toBe(false);
  expect(isAnswered('  ')).toBe(false);
  expect(isAnswered('[]')).toBe(false);
  expect(isAnswered('["",""]')).toBe(false);
  expect(isAnswered('["","x"]')).toBe(true);
  expect(isAnswered('A')).toBe(true);
});
