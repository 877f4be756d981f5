/**
 * The candidate's answers of one exam (product §3 "Local storage: exam answers"): every change is written to
 * localStorage at once (a reload or a lost connection keeps it) and sent to the server after a pause
 * (debounced per question), so typing does not call submit-question on every key. An answer the server
 * has not confirmed stays marked unsaved and is sent again on the next change, on flush, or when the page
 * comes back; the server's answers (get-my-answer) fill only the questions with nothing kept locally, and a
 * confirmed answer the server's copy does not match is sent again (`reconcile`).
 */
import { useSyncExternalStore } from 'react';

/** One kept answer: the value in the form the server takes, and whether the server has it. */
export interface KeptAnswer {
  value: string;
  saved: boolean;
}

export type SaveAnswer = (questionId: number, value: string) => Promise<unknown>;

export interface AnswerStoreOptions {
  eid: number;
  /** the candidate: two people on one browser keep apart */
  uid: string;
  save: SaveAnswer;
  /** pause after the last change before it is sent (ms) */
  delayMs?: number;
  storage?: Storage;
  /** the store of the open question page (flushExamAnswers uses it) */
  live?: boolean;
}

export type SaveState = 'idle' | 'pending' | 'saving' | 'error';

export interface AnswerStore {
  get(questionId: number): KeptAnswer | undefined;
  /** questionId → answer, the same object until something changes (for useSyncExternalStore) */
  all(): Readonly<Record<number, KeptAnswer>>;
  set(questionId: number, value: string): void;
  /** fills in the server's answer unless a local one exists */
  seed(questionId: number, value: string): void;
  /**
   * Compares the server's copy (null: none) with the kept answer: fills it in when nothing is kept, and sends a
   * kept answer again when it was confirmed but the server no longer holds it (the server commits answers
   * without waiting for the disk: a crash of its database right after a save can lose that save).
   */
  reconcile(questionId: number, server: string | null): void;
  /** sends every unsaved answer now; resolves when done */
  flush(): Promise<void>;
  saveState(): SaveState;
  subscribe(listener: () => void): () => void;
  /** stops the timers (on unmount) */
  dispose(): void;
}

export const DEFAULT_SAVE_DELAY_MS = 800;

export const answerStorageKey = (uid: string, eid: number): string => `examAnswers:${uid}:${eid}`;

/** An answer counts as given when it holds something besides separators (an empty blank list is not one). */
export function isAnswered(value: string | undefined): boolean {
  if (value == null) return false;
  const trimmed = value.trim();
  if (!trimmed || trimmed === '[]') return false;
  if (trimmed.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(trimmed);
      return Array.isArray(list) && list.some((v) => String(v ?? '').trim() !== '');
    } catch {
      return true;
    }
  }
  return true;
}

function load(storage: Storage, key: string): Record<number, KeptAnswer> {
  try {
    const raw: unknown = JSON.parse(storage.getItem(key) || '{}');
    const out: Record<number, KeptAnswer> = {};
    if (raw && typeof raw === 'object')
      for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
        const a = v as Partial<KeptAnswer> | null;
        if (a && typeof a.value === 'string' && Number.isInteger(Number(k))) out[Number(k)] = { value: a.value, saved: a.saved === true };
      }
    return out;
  } catch {
    return {};
  }
}

/** The store each open question page uses, by storage key: a hand-in flushes that one (its timers, its state). */
const liveStores = new Map<string, AnswerStore>();

/**
 * Sends every answer of the exam the server has not confirmed (before a hand-in), through the open page's store when
 * there is one, else through a store over what localStorage keeps. Resolves true when nothing is left unsaved.
 */
export async function flushExamAnswers(o: AnswerStoreOptions): Promise<boolean> {
  const live = liveStores.get(answerStorageKey(o.uid, o.eid));
  const store = live ?? createAnswerStore(o);
  try {
    await store.flush();
    return Object.values(store.all()).every((a) => a.saved);
  } finally {
    if (!live) store.dispose();
  }
}

export function createAnswerStore(o: AnswerStoreOptions): AnswerStore {
  const storage = o.storage ?? localStorage;
  const key = answerStorageKey(o.uid, o.eid);
  const delay = o.delayMs ?? DEFAULT_SAVE_DELAY_MS;
  let answers = load(storage, key);
  let state: SaveState = Object.values(answers).some((a) => !a.saved) ? 'pending' : 'idle';
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const inFlight = new Map<number, Promise<void>>();
  const listeners = new Set<() => void>();

  const persist = () => {
    try {
      storage.setItem(key, JSON.stringify(answers));
    } catch {
      // storage full or refused: the server copy still goes out
    }
  };
  const emit = () => listeners.forEach((l) => l());
  const recompute = () => {
    if (state === 'error') return;
    state = inFlight.size ? 'saving' : Object.values(answers).some((a) => !a.saved) ? 'pending' : 'idle';
  };

  async function send(questionId: number): Promise<void> {
    timers.delete(questionId);
    const previous = inFlight.get(questionId);
    if (previous) await previous; // one call per question at a time, in order
    const kept = answers[questionId];
    if (!kept || kept.saved) return;
    const value = kept.value;
    const run = (async () => {
      try {
        await o.save(questionId, value);
        // only if nothing changed meanwhile: a newer value is still to be sent
        if (answers[questionId]?.value === value) answers = { ...answers, [questionId]: { value, saved: true } };
        if (state === 'error') state = 'idle';
      } catch {
        state = 'error';
      }
    })();
    inFlight.set(questionId, run);
    state = state === 'error' ? 'error' : 'saving';
    emit();
    await run;
    inFlight.delete(questionId);
    persist();
    recompute();
    emit();
  }

  const schedule = (questionId: number) => {
    const t = timers.get(questionId);
    if (t) clearTimeout(t);
    timers.set(
      questionId,
      setTimeout(() => void send(questionId), delay),
    );
  };

  const store: AnswerStore = {
    get: (questionId) => answers[questionId],
    all: () => answers,
    set(questionId, value) {
      if (answers[questionId]?.value === value) return;
      answers = { ...answers, [questionId]: { value, saved: false } };
      persist();
      if (state !== 'saving') state = 'pending';
      schedule(questionId);
      emit();
    },
    seed(questionId, value) {
      if (answers[questionId]) return;
      answers = { ...answers, [questionId]: { value, saved: true } };
      persist();
      emit();
    },
    reconcile(questionId, server) {
      const kept = answers[questionId];
      if (!kept) {
        if (server != null) this.seed(questionId, server);
        return;
      }
      if (!kept.saved || kept.value === server || (server == null && !isAnswered(kept.value))) return;
      answers = { ...answers, [questionId]: { value: kept.value, saved: false } };
      persist();
      if (state !== 'saving') state = 'pending';
      schedule(questionId);
      emit();
    },
    async flush() {
      for (const [qid, t] of timers) {
        clearTimeout(t);
        timers.delete(qid);
      }
      if (state === 'error') state = 'pending';
      const unsaved = Object.entries(answers)
        .filter(([, a]) => !a.saved)
        .map(([qid]) => Number(qid));
      await Promise.all(unsaved.map((qid) => send(qid)));
    },
    saveState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      listeners.clear();
      if (liveStores.get(key) === store) liveStores.delete(key);
    },
  };
  if (o.live) liveStores.set(key, store);
  return store;
}

/** The answers of a store, re-rendering on every change. */
export function useAnswers(store: AnswerStore): Readonly<Record<number, KeptAnswer>> {
  return useSyncExternalStore(store.subscribe, store.all, store.all);
}

export function useSaveState(store: AnswerStore): SaveState {
  return useSyncExternalStore(store.subscribe, store.saveState, store.saveState);
}
