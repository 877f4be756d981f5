import { Suspense, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider, NotFound, PageLoading } from '@oj/kit';
import { problemsMessages } from './locales';
import { ProblemListPage } from './pages/problem-list';
import { StatusListPage } from './pages/status-list';
import { RankPage } from './pages/rank';
import { TrainingListPage } from './pages/training-list';

// The statement renderer (marked, KaTeX, DOMPurify) and the editor load only with the pages that use them.
const ProblemDetailPage = lazy(() => import('./pages/problem-detail').then((m) => ({ default: m.ProblemDetailPage })));
// The training pages render Markdown and the problem workspace: loaded with them.
const TrainingDetailPage = lazy(() => import('./pages/training').then((m) => ({ default: m.TrainingDetailPage })));
const DiscussionHomePage = lazy(() => import('./pages/discussion/problem-discussion').then((m) => ({ default: m.DiscussionHomePage })));
const DiscussionDetailPage = lazy(() => import('./pages/discussion/discussion-detail').then((m) => ({ default: m.DiscussionDetailPage })));
const ProblemDiscussionPage = lazy(() =>
  import('./pages/discussion/problem-discussion').then((m) => ({ default: m.ProblemDiscussionPage })),
);
const SubmissionDetailPage = lazy(() => import('./pages/status-detail').then((m) => ({ default: m.SubmissionDetailPage })));

export function ProblemsRoot() {
  return (
    <LocaleProvider messages={problemsMessages}>
      <BrowserRouter>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/problem" element={<ProblemListPage />} />
            <Route path="/problem/:problemId" element={<ProblemDetailPage />} />
            <Route path="/problem/:problemId/discussion" element={<ProblemDiscussionPage />} />
            <Route path="/status" element={<StatusListPage />} />
            <Route path="/status/:submitId" element={<SubmissionDetailPage />} />
            <Route path="/acm-rank" element={<RankPage type={0} />} />
            <Route path="/oi-rank" element={<RankPage type={1} />} />
            <Route path="/training" element={<TrainingListPage />} />
            <Route path="/training/:tid/*" element={<TrainingDetailPage />} />
            <Route path="/discussion" element={<DiscussionHomePage />} />
            <Route path="/discussion/:discussionId" element={<DiscussionDetailPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </LocaleProvider>
  );
}
