/** /problem/:problemId/discussion (login, discussion access): the problem's discussions. */
import { useParams } from 'react-router-dom';
import { useAuth } from '@oj/kit';
import { LoginRequired } from '../../components/login-required';
import { DiscussionListPage } from './discussion-list';

export function ProblemDiscussionPage() {
  const { problemId } = useParams();
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) return <LoginRequired />;
  return <DiscussionListPage pid={problemId} />;
}
