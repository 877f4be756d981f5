/** Loads what the problem editor needs: languages, tags and, when editing, the stored problem and its cases. */
import { useEffect, useState } from 'react';
import { AdminProblemDetail, LanguageInfo, ProblemTag } from '@oj/contracts';
import { getAllTags, getLanguages, getProblem, getProblemCases } from '../../api/admin';
import { fromProblem, NEW_PROBLEM, ProblemFormValues } from './problemForm';

export interface ProblemEditorData {
  loading: boolean;
  failed: boolean;
  allLanguages: LanguageInfo[];
  allTags: ProblemTag[];
  original: AdminProblemDetail | null;
  initialValues: ProblemFormValues;
}

export function useProblemEditorData(pid: number | null): ProblemEditorData {
  const [data, setData] = useState<ProblemEditorData>({
    loading: true,
    failed: false,
    allLanguages: [],
    allTags: [],
    original: null,
    initialValues: NEW_PROBLEM,
  });

  useEffect(() => {
    let live = true;
    (async () => {
      const [allLanguages, allTags] = await Promise.all([getLanguages(), getAllTags()]);
      if (!pid) {
        // A new problem accepts every language the judges run until the admin narrows it.
        return { allLanguages, allTags, original: null, initialValues: { ...NEW_PROBLEM, languages: allLanguages.map((l) => l.name) } };
      }
      const [problem, cases] = await Promise.all([getProblem(pid), getProblemCases(pid)]);
      return { allLanguages, allTags, original: problem, initialValues: fromProblem(problem, cases) };
    })().then(
      (loaded) => live && setData({ ...loaded, loading: false, failed: false }),
      () => live && setData((d) => ({ ...d, loading: false, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [pid]);

  return data;
}
