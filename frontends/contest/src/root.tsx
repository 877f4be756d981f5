import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider, NotFound } from '@oj/kit';
import { ContestType } from '@oj/contracts';
import { contestMessages } from './locales';
import { ContestListPage } from './pages/contest-list';
import { PublicScoreboardPage } from './pages/scoreboard';
import { ContestLayout } from './pages/contest-detail';
import { ContestOverview } from './pages/contest-detail/overview';
import { ContestProblemsPage } from './pages/problems';
import { ContestProblemPage } from './pages/problem';
import { ContestSubmissionsPage } from './pages/submissions';
import { ContestSubmissionDetailPage } from './pages/submission-detail';
import { ContestAnnouncementsPage } from './pages/announcements';
import { ContestRankPage } from './pages/rank';
import { ContestAcInfoPage } from './pages/ac-info';
import { ContestPrintPage } from './pages/print';
import { ContestAdminPrintPage } from './pages/admin-print';
import { ContestRejudgePage } from './pages/rejudge';
import { ContestCommentPage } from './pages/comment';
import { AdminOnly } from './components/admin-only';
import { ContestResolverPage } from './pages/resolver';

/** The routes of product §2 under /contest (the router's basename). */
export function ContestRoutes() {
  return (
    <Routes>
      <Route path="/" element={<ContestListPage />} />
      <Route path="/acm-scoreboard/:contestId" element={<PublicScoreboardPage type={ContestType.ACM} />} />
      <Route path="/oi-scoreboard/:contestId" element={<PublicScoreboardPage type={ContestType.OI} />} />
      <Route path="/:contestId" element={<ContestLayout />}>
        <Route index element={<ContestOverview />} />
        <Route path="problem" element={<ContestProblemsPage />} />
        <Route path="problem/:problemId" element={<ContestProblemPage />} />
        <Route path="submission" element={<ContestSubmissionsPage />} />
        <Route path="submission/:submitId" element={<ContestSubmissionDetailPage />} />
        <Route path="announcement" element={<ContestAnnouncementsPage />} />
        <Route path="rank" element={<ContestRankPage />} />
        <Route
          path="ac-info"
          element={
            <AdminOnly>
              <ContestAcInfoPage />
            </AdminOnly>
          }
        />
        <Route path="print" element={<ContestPrintPage />} />
        <Route
          path="admin-print"
          element={
            <AdminOnly>
              <ContestAdminPrintPage />
            </AdminOnly>
          }
        />
        <Route
          path="rejudge"
          element={
            <AdminOnly rootOnly>
              <ContestRejudgePage />
            </AdminOnly>
          }
        />
        <Route path="comment" element={<ContestCommentPage />} />
        <Route
          path="resolver"
          element={
            <AdminOnly>
              <ContestResolverPage />
            </AdminOnly>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function ContestRoot() {
  return (
    <LocaleProvider messages={contestMessages}>
      <BrowserRouter basename="/contest" future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ContestRoutes />
      </BrowserRouter>
    </LocaleProvider>
  );
}
