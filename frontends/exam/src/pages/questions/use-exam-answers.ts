/** The answer store of the exam being sat: one per exam and candidate, flushed when the page goes away. */
import { useEffect, useMemo } from 'react';
import { AnswerStore, createAnswerStore } from '../../lib/answer-store';
import { ExamQuestionView, submitQuestion } from '../../api/exam';

/** `canSave`: answers are taken now (running, entered); only then is a lost answer sent again. */
export function useExamAnswers(eid: number, uid: string, questions: ExamQuestionView[] | null, canSave: boolean): AnswerStore {
  const store = useMemo(
    () => createAnswerStore({ eid, uid, save: (questionId, value) => submitQuestion(eid, questionId, value), live: true }),
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

  // the server's answers where nothing is kept here (another device, cleared storage); a kept answer the
  // server lost (its database crashed right after confirming) is sent again
  useEffect(() => {
    for (const q of questions ?? []) {
      if (canSave) store.reconcile(q.questionId, q.myAnswer);
      else if (q.myAnswer != null) store.seed(q.questionId, q.myAnswer);
    }
  }, [questions, store, canSave]);

  return store;
}
