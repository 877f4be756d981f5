/**
 * Loads what the problem editor needs: languages, tags and, when editing, the stored problem and its cases.
 * Inside a contest (`cid`) the problem comes from /api/admin/contest/problem with its place in the contest.
 */
import { useEffect, useState } from 'react';
import { AdminProblemDetail, LanguageInfo, ProblemAuth, ProblemTag } from '@oj/contracts';
import { getAllTags, getLanguages, getProblem, getProblemCases } from '../../api/admin';
import { getContestProblemDetail } from '../contest/api';
import { ScopedClient, siteClient } from '../../scope';
import { ContestLinkValues, contestLinkValues, NEW_CONTEST_LINK } from './contestProblem';
import { fromProblem, NEW_PROBLEM, ProblemFormValues } from './problemForm';

export interface ProblemEditorData {
  loading: boolean;
  failed: boolean;
  allLanguages: LanguageInfo[];
  allTags: ProblemTag[];
  original: AdminProblemDetail | null;
  initialValues: ProblemFormValues;
  /** The problem's display id, title and colour in the contest (contest editor only). */
  contestLink: ContestLinkValues;
}

type Loaded = Omit<ProblemEditorData, 'loading' | 'failed'>;

async function load(pid: number | null, cid: number | null, c: ScopedClient): Promise<Loaded> {
  const [allLanguages, allTags] = await Promise.all([getLanguages(), getAllTags()]);
  if (!pid) {
    // A new problem accepts every language the judges run until the admin narrows it; one written
    // inside a contest is a contest problem (the server sets that visibility too).
    const auth = cid ? ProblemAuth.Contest : NEW_PROBLEM.auth;
    const initialValues = { ...NEW_PROBLEM, auth, languages: allLanguages.map((l) => l.name) };
    return { allLanguages, allTags, original: null, initialValues, contestLink: { ...NEW_CONTEST_LINK } };
  }
  if (cid) {
    const detail = await getContestProblemDetail(pid, cid, c);
    const { problemCases, contestProblem, ...problem } = detail;
    return {
      allLanguages,
      allTags,
      original: problem,
      initialValues: fromProblem(problem, problemCases),
      contestLink: contestLinkValues(contestProblem),
    };
  }
  const [problem, cases] = await Promise.all([getProblem(pid, c), getProblemCases(pid, c)]);
  return { allLanguages, allTags, original: problem, initialValues: fromProblem(problem, cases), contestLink: { ...NEW_CONTEST_LINK } };
}

/** `c`: the scope's client (site admin or a group's routes). */
export function useProblemEditorData(pid: number | null, cid: number | null = null, c: ScopedClient = siteClient): ProblemEditorData {
  const [data, setData] = useState<ProblemEditorData>({
    loading: true,
    failed: false,
    allLanguages: [],
    allTags: [],
    original: null,
    initialValues: NEW_PROBLEM,
    contestLink: NEW_CONTEST_LINK,
  });

  useEffect(() => {
    let live = true;
    load(pid, cid, c).then(
      (loaded) => live && setData({ ...loaded, loading: false, failed: false }),
      () => live && setData((d) => ({ ...d, loading: false, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [pid, cid, c]);

  return data;
}
