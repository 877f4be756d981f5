/**
 * Follows a submission until its verdict is final. The backend pushes status changes and case progress
 * as Server-Sent Events (GET /api/submission-events); the stream is read with fetch so the token goes in
 * the Authorization header. If the stream cannot be used, it falls back to polling the detail.
 */
import { useEffect, useState } from 'react';
import { CaseResults, HEADERS, JudgeStatus, SubmissionEvent, SubmissionInfo, isFinalJudgeStatus } from '@oj/contracts';
import { getToken } from '@oj/kit';
import { getCaseResults, getSubmissionDetail } from '../../api/problems';

export const POLL_INTERVAL_MS = 1000;

/** A submission as a pushed event changes it; the queue place lasts only while it is Pending. */
export function applySubmissionEvent(s: SubmissionInfo, e: SubmissionEvent): SubmissionInfo {
  const waiting = e.status === JudgeStatus.Pending;
  return {
    ...s,
    status: e.status,
    time: e.time ?? s.time,
    memory: e.memory ?? s.memory,
    queuePosition: waiting ? (e.queuePosition !== undefined ? e.queuePosition : s.queuePosition) : null,
    queueWaitSeconds: waiting ? (e.queueWaitSeconds !== undefined ? e.queueWaitSeconds : s.queueWaitSeconds) : null,
  };
}

export interface SubmissionWatch {
  submission: SubmissionInfo | null;
  cases: CaseResults | null;
  /** judged cases / all cases while judging */
  progress: { done: number; total: number } | null;
}

/** Parses the `data:` payloads out of an SSE text chunk; returns the events and the unfinished rest. */
export function parseSseChunk(buffer: string): { events: unknown[]; rest: string } {
  const events: unknown[] = [];
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      events.push(JSON.parse(data));
    } catch {
      // not JSON: ignore
    }
  }
  return { events, rest };
}

/** Reads the submission stream; false when it cannot be used (the caller polls instead). */
export async function readEvents(submitId: number, onEvent: (e: SubmissionEvent) => void, signal: AbortSignal): Promise<boolean> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', [HEADERS.urlType]: 'general' };
  const token = getToken();
  if (token) headers[HEADERS.authorization] = token;
  const res = await fetch(`/api/submission-events?submitId=${submitId}`, { headers, signal });
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) return false;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return true;
    const parsed = parseSseChunk(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    for (const e of parsed.events) {
      onEvent(e as SubmissionEvent);
      if ((e as SubmissionEvent).final) {
        await reader.cancel().catch(() => undefined);
        return true;
      }
    }
  }
}

export function useSubmissionWatch(submitId: number | null): SubmissionWatch {
  const [state, setState] = useState<SubmissionWatch>({ submission: null, cases: null, progress: null });
  useEffect(() => {
    setState({ submission: null, cases: null, progress: null });
    if (submitId == null) return;
    let alive = true;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const loadFull = async (): Promise<boolean> => {
      const { submission } = await getSubmissionDetail(submitId, true);
      const final = isFinalJudgeStatus(submission.status);
      const cases = await getCaseResults(submitId).catch(() => null);
      if (alive) setState((s) => ({ submission, cases, progress: final ? null : s.progress }));
      return final;
    };
    const poll = async () => {
      try {
        if (await loadFull()) return;
      } catch {
        // retried below
      }
      if (alive) timer = setTimeout(poll, POLL_INTERVAL_MS);
    };

    void (async () => {
      await loadFull().catch(() => false);
      try {
        const streamed = await readEvents(
          submitId,
          (e) => {
            if (!alive) return;
            setState((s) => ({
              ...s,
              submission: s.submission ? applySubmissionEvent(s.submission, e) : s.submission,
              progress: e.caseCount ? { done: e.caseIndex ?? 0, total: e.caseCount } : s.progress,
            }));
          },
          abort.signal,
        );
        if (!alive) return;
        if (streamed && (await loadFull().catch(() => false))) return;
      } catch {
        if (!alive) return;
      }
      void poll();
    })();

    return () => {
      alive = false;
      abort.abort();
      if (timer) clearTimeout(timer);
    };
  }, [submitId]);
  return state;
}
