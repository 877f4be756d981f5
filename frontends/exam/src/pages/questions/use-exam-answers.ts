/** The answer store of the exam being sat: one per exam and candidate, flushed when the page goes away. */
import { useEffect, useMemo } from 'react';
import { AnswerStore, createAnswerStore } from '../../lib/answer-store';
import { ExamQuestionView, submitQuestion } from '../../api/exam';

export function useExamAnswers(eid: number, uid: string, questions: ExamQuestionView[] | null): AnswerStore {
  const store = useMemo(
    () => createAnswerStore({ eid, uid, save: (questionId, value) => submitQuestion(eid, questionId, value) }),
    [eid, uid],
  );

  useEffect(() => {
    const flush = () => void store.flush();
    const onHide = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('online', flush);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    // answers kept from an earlier visit that the server never got
    flush();
    return () => {
      window.removeEventListener('online', flush);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      void store.flush().finally(() => store.dispose());
    };
  }, [store]);

  // the server's answers where nothing is kept here (another device, cleared storage)
  useEffect(() => {
    for (const q of questions ?? []) if (q.myAnswer != null) store.seed(q.questionId, q.myAnswer);
  }, [questions, store]);

  return store;
}
