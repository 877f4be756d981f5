import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider, NotFound } from '@oj/kit';
import { examMessages } from './locales';
import { ExamListPage } from './pages/exam-list';
import { ExamLayout } from './pages/exam-detail';
import { ExamHome } from './pages/exam-detail/home';
import { ExamQuestionsPage } from './pages/questions';
import { ExamProblemPage, ExamProblemsPage } from './pages/problems';
import { ExamSubmissionDetailPage, ExamSubmissionsPage } from './pages/submissions';
import { ExamPaperPage, ExamPapersPage, MyPaperRedirect } from './pages/papers';
import { ExamRejudgePage } from './pages/rejudge';

/** The routes of product §2 under /exam (the router's basename). */
export function ExamRoutes() {
  return (
    <Routes>
      <Route path="/" element={<ExamListPage />} />
      <Route path="/:examId" element={<ExamLayout />}>
        <Route index element={<ExamHome />} />
        <Route path="question" element={<ExamQuestionsPage />} />
        <Route path="question/:questionId" element={<ExamQuestionsPage />} />
        <Route path="problem" element={<ExamProblemsPage />} />
        <Route path="problem/:problemId" element={<ExamProblemPage />} />
        <Route path="submission" element={<ExamSubmissionsPage />} />
        <Route path="submission/:submitId" element={<ExamSubmissionDetailPage />} />
        <Route path="paper" element={<ExamPapersPage />} />
        <Route path="paper/:paperId" element={<ExamPaperPage mine={false} />} />
        <Route path="my-paper" element={<MyPaperRedirect />} />
        <Route path="my-paper/:paperId" element={<ExamPaperPage mine />} />
        <Route path="rejudge" element={<ExamRejudgePage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function ExamRoot() {
  return (
    <LocaleProvider messages={examMessages}>
      <BrowserRouter basename="/exam" future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ExamRoutes />
      </BrowserRouter>
    </LocaleProvider>
  );
}
