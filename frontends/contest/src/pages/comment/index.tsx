/**
 * /contest/:contestId/comment (contestComment access): the comment thread of the contest, the problems
 * remote's 'problems/comments' loaded through Module Federation (the same thread as under discussions).
 * The server checks openContestComment and who may see the contest.
 */
import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import { useContest } from '../contest-detail/context';

const CommentThread = lazy(() => import('problems/comments'));

export function ContestCommentPage() {
  const { cid } = useContest();
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <CommentThread place={{ cid }} />
    </Suspense>
  );
}
