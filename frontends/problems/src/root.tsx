import { Suspense, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider, NotFound, PageLoading } from '@oj/kit';
import { problemsMessages } from './locales';
import * as pages from './pages/page-loaders';

// Every page is its own chunk (pages/page-loaders.ts says why); './preload' starts the cold page's chunk early.
// The statement renderer (marked, KaTeX, DOMPurify) and the editor come only with the pages that use them.
const ProblemListPage = lazy(() => pages.loadProblemList().then((m) => ({ default: m.ProblemListPage })));
const StatusListPage = lazy(() => pages.loadStatusList().then((m) => ({ default: m.StatusListPage })));
const RankPage = lazy(() => pages.loadRank().then((m) => ({ default: m.RankPage })));
const TrainingListPage = lazy(() => pages.loadTrainingList().then((m) => ({ default: m.TrainingListPage })));
const ProblemDetailPage = lazy(() => pages.loadProblemDetail().then((m) => ({ default: m.ProblemDetailPage })));
const TrainingDetailPage = lazy(() => pages.loadTraining().then((m) => ({ default: m.TrainingDetailPage })));
const DiscussionHomePage = lazy(() => pages.loadDiscussionHome().then((m) => ({ default: m.DiscussionHomePage })));
const DiscussionDetailPage = lazy(() => pages.loadDiscussionDetail().then((m) => ({ default: m.DiscussionDetailPage })));
const ProblemDiscussionPage = lazy(() => pages.loadDiscussionHome().then((m) => ({ default: m.ProblemDiscussionPage })));
const SubmissionDetailPage = lazy(() => pages.loadSubmissionDetail().then((m) => ({ default: m.SubmissionDetailPage })));

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
