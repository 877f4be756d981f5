import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ComingSoon, LocaleProvider, NotFound } from '@oj/kit';
import { problemsMessages } from './locales';
import { ProblemListPage } from './pages/problem-list';
import { ProblemDetailPage } from './pages/problem-detail';
import { StatusListPage } from './pages/status-list';
import { SubmissionDetailPage } from './pages/status-detail';
import { RankPage } from './pages/rank';

export function ProblemsRoot() {
  return (
    <LocaleProvider messages={problemsMessages}>
      <BrowserRouter>
        <Routes>
          <Route path="/problem" element={<ProblemListPage />} />
          <Route path="/problem/:problemId" element={<ProblemDetailPage />} />
          <Route path="/problem/:problemId/discussion" element={<ComingSoon />} />
          <Route path="/status" element={<StatusListPage />} />
          <Route path="/status/:submitId" element={<SubmissionDetailPage />} />
          <Route path="/acm-rank" element={<RankPage type={0} />} />
          <Route path="/oi-rank" element={<RankPage type={1} />} />
          <Route path="/training/*" element={<ComingSoon />} />
          <Route path="/discussion/*" element={<ComingSoon />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </BrowserRouter>
    </LocaleProvider>
  );
}
