import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider, NotFound } from '@oj/kit';
import { groupMessages } from './locales';
import { GroupListPage } from './pages/group-list';
import { GroupLayout } from './pages/group-detail';
import { GroupHome } from './pages/group-detail/home';
import { GroupAnnouncementsPage } from './pages/announcements';
import { GroupProblemPage, GroupProblemsPage } from './pages/problems';
import { GroupQuestionPage, GroupQuestionsPage } from './pages/questions';
import { GroupTrainingsPage } from './pages/content/trainings';
import { GroupContestsPage, GroupExamsPage } from './pages/content/contests';
import { GroupRankPage } from './pages/rank';
import { GroupDiscussionPage } from './pages/discussion';
import { GroupMembersPage } from './pages/members';
import { GroupSettingPage } from './pages/setting';

/** The routes of product §2 under /group (the router's basename), plus problem/:problemId (HOJ's group problem). */
export function GroupRoutes() {
  return (
    <Routes>
      <Route path="/" element={<GroupListPage />} />
      <Route path="/:groupID" element={<GroupLayout />}>
        <Route index element={<GroupHome />} />
        <Route path="announcement" element={<GroupAnnouncementsPage />} />
        <Route path="problem" element={<GroupProblemsPage />} />
        <Route path="problem/:problemId" element={<GroupProblemPage />} />
        <Route path="question" element={<GroupQuestionsPage />} />
        <Route path="question/:questionId" element={<GroupQuestionPage />} />
        <Route path="training" element={<GroupTrainingsPage />} />
        <Route path="contest" element={<GroupContestsPage />} />
        <Route path="exam" element={<GroupExamsPage />} />
        <Route path="rank" element={<GroupRankPage />} />
        <Route path="discussion" element={<GroupDiscussionPage />} />
        <Route path="member" element={<GroupMembersPage />} />
        <Route path="setting" element={<GroupSettingPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function GroupRoot() {
  return (
    <LocaleProvider messages={groupMessages}>
      <BrowserRouter basename="/group" future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <GroupRoutes />
      </BrowserRouter>
    </LocaleProvider>
  );
}
