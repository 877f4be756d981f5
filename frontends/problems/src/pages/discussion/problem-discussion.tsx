/** /problem/:problemId/discussion and /discussion (login, discussion access). */
import { useParams } from 'react-router-dom';
import { useAuth } from '@oj/kit';
import { LoginRequired } from '../../components/login-required';
import { DiscussionListPage } from './discussion-list';

/** /discussion (discussion access, login: product §2); the list call itself is open to visitors, as HOJ's. */
export function DiscussionHomePage() {
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) return <LoginRequired what="discussion" />;
  return <DiscussionListPage />;
}

export function ProblemDiscussionPage() {
  const { problemId } = useParams();
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) return <LoginRequired what="discussion" />;
  return <DiscussionListPage pid={problemId} />;
}
