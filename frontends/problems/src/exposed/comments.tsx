/**
 * Exposed as 'problems/comments' for other remotes (the contest remote's `comment` child): the comment
 * thread of a contest (or a discussion), with its own messages so the host needs none of them.
 */
import { LocaleProvider } from '@oj/kit';
import { problemsMessages } from '../locales';
import { Comments } from '../pages/discussion/comments';
import type { CommentPlace } from '../api/discussion';

export default function CommentThread({ place }: { place: CommentPlace }) {
  return (
    <LocaleProvider messages={problemsMessages}>
      <Comments place={place} />
    </LocaleProvider>
  );
}
