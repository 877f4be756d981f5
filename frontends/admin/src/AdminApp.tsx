/** Providers and routes of the admin app (product §2 "Admin routes"). */
import { App as AntApp } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { LocaleProvider, setClientHooks, useLocale } from '@oj/kit';
import { ERROR_IDS, MESSAGES } from './i18n';
import { clearSession } from './auth/session';
import { AdminLayout } from './layout/AdminLayout';
import { RouteGuard } from './components/RouteGuard';
import { PageLoading } from './components/PageLoading';
import LoginPage from './pages/login';
import DashboardPage from './pages/dashboard';

// Screens load on demand; the problem editor (with monaco) only on the editing routes.
const ProblemListPage = lazy(() => import('./pages/problems'));
const ProblemEditPage = lazy(() => import('./pages/problem-edit'));
const TagsPage = lazy(() => import('./pages/tags'));
const ProblemBatchOperationPage = lazy(() => import('./pages/problems/batch-operation'));
const ConfPage = lazy(() => import('./pages/conf'));
const SwitchPage = lazy(() => import('./pages/switch'));
const RemoteJudgePage = lazy(() => import('./pages/remote-judge'));
const SsoPage = lazy(() => import('./pages/sso'));
const AuditPage = lazy(() => import('./pages/audit'));
const PlagiarismPage = lazy(() => import('./pages/plagiarism'));
const BackupPage = lazy(() => import('./pages/backup'));
const AnnouncementPage = lazy(() => import('./pages/announcement'));
const UserPage = lazy(() => import('./pages/user'));
const NoticePage = lazy(() => import('./pages/notice'));
const AuthPage = lazy(() => import('./pages/auth'));
const FileManagementPage = lazy(() => import('./pages/filemanagement'));
const ContestListPage = lazy(() => import('./pages/contest'));
const ContestEditPage = lazy(() => import('./pages/contest/edit'));
const ContestProblemsPage = lazy(() => import('./pages/contest/problems'));
const ContestAnnouncementPage = lazy(() => import('./pages/contest/announcement'));
const ExamListPage = lazy(() => import('./pages/exam'));
const ExamEditPage = lazy(() => import('./pages/exam/edit'));
const ExamQuestionsPage = lazy(() => import('./pages/exam/exam-questions'));
const ExamProblemsPage = lazy(() => import('./pages/exam/exam-problems'));
const ExamMarkingPage = lazy(() => import('./pages/exam/marking'));
const QuestionBankPage = lazy(() => import('./pages/exam/questions'));
const TrainingListPage = lazy(() => import('./pages/training'));
const TrainingEditPage = lazy(() => import('./pages/training/edit'));
const TrainingProblemsPage = lazy(() => import('./pages/training/problems'));
const TrainingCategoryPage = lazy(() => import('./pages/training/category'));
const DiscussionPage = lazy(() => import('./pages/discussion'));
const DiscussionCategoryPage = lazy(() => import('./pages/discussion/categories'));
const DiscussionReportPage = lazy(() => import('./pages/discussion/reports'));
const GroupListPage = lazy(() => import('./pages/group'));
const GroupProblemApplyPage = lazy(() => import('./pages/group/apply'));

/** In the standalone page nobody else handles the client's errors and 401s: do it here. */
function StandaloneClientHooks() {
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const locale = useLocale();
  useEffect(() => {
    setClientHooks({
      notifyError: (text) => {
        const id = ERROR_IDS[text];
        message.error(id ? MESSAGES[locale][id] : text);
      },
      onUnauthorized: () => {
        clearSession();
        navigate('/login');
      },
    });
  }, [message, navigate, locale]);
  return null;
}

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RouteGuard>
            <AdminLayout />
          </RouteGuard>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="problems" element={<ProblemListPage />} />
        <Route path="problem/create" element={<ProblemEditPage />} />
        <Route path="problem/edit/:problemId" element={<ProblemEditPage />} />
        <Route path="problem/tag" element={<TagsPage />} />
        <Route path="problem/batch-operation" element={<ProblemBatchOperationPage />} />
        <Route path="problem/:problemId/plagiarism" element={<PlagiarismPage />} />
        <Route path="group-problem/apply" element={<GroupProblemApplyPage />} />
        <Route path="contest" element={<ContestListPage />} />
        <Route path="contest/create" element={<ContestEditPage />} />
        <Route path="contest/:contestID/edit" element={<ContestEditPage />} />
        <Route path="contest/:contestID/problems" element={<ContestProblemsPage />} />
        <Route path="contest/:contestID/problem/create" element={<ProblemEditPage />} />
        <Route path="contest/:contestID/problem/:problemId/edit" element={<ProblemEditPage />} />
        <Route path="contest/:contestID/announcement" element={<ContestAnnouncementPage />} />
        <Route path="contest/:contestID/plagiarism" element={<PlagiarismPage />} />
        <Route path="exam" element={<ExamListPage />} />
        <Route path="exam/create" element={<ExamEditPage />} />
        <Route path="exam/:examID/edit" element={<ExamEditPage />} />
        <Route path="exam/:examID/questions" element={<ExamQuestionsPage />} />
        <Route path="exam/:examID/problems" element={<ExamProblemsPage />} />
        <Route path="exam/:examID/marking" element={<ExamMarkingPage />} />
        <Route path="exam/:examID/plagiarism" element={<PlagiarismPage />} />
        <Route path="question" element={<QuestionBankPage />} />
        <Route path="training" element={<TrainingListPage />} />
        <Route path="training/create" element={<TrainingEditPage />} />
        <Route path="training/category" element={<TrainingCategoryPage />} />
        <Route path="training/:trainingID/edit" element={<TrainingEditPage />} />
        <Route path="training/:trainingID/problems" element={<TrainingProblemsPage />} />
        <Route path="discussion" element={<DiscussionPage />} />
        <Route path="discussion/category" element={<DiscussionCategoryPage />} />
        <Route path="discussion/report" element={<DiscussionReportPage />} />
        <Route path="user" element={<UserPage />} />
        <Route path="group" element={<GroupListPage />} />
        <Route path="notice" element={<NoticePage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="filemanagement" element={<FileManagementPage />} />
        <Route path="announcement" element={<AnnouncementPage />} />
        <Route path="conf" element={<ConfPage />} />
        <Route path="switch" element={<SwitchPage />} />
        <Route path="remote-judge" element={<RemoteJudgePage />} />
        <Route path="sso" element={<SsoPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="backup" element={<BackupPage />} />
      </Route>
      {/* Other /admin/* paths go to the admin login (product §2). */}
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}

export function AdminApp({ standalone = false }: { standalone?: boolean }) {
  return (
    <LocaleProvider messages={MESSAGES}>
      <BrowserRouter basename="/admin" future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        {standalone && <StandaloneClientHooks />}
        <Suspense fallback={<PageLoading />}>
          <AdminRoutes />
        </Suspense>
      </BrowserRouter>
    </LocaleProvider>
  );
}
