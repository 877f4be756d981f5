/** Typed calls of the discussion area (product §7 "Discussion"; HOJ names). */
import { CommentListVO, CommentVO, DiscussionCategory, DiscussionRules, DiscussionVO, Page, ReplyVO } from '@oj/contracts';
import { api, call } from '@oj/kit';

export interface DiscussionListParams {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  /** Category id (HOJ calls it cid). */
  cid?: number;
  pid?: string;
  onlyMine?: boolean;
}

export interface DiscussionForm {
  id?: number;
  categoryId: number;
  title: string;
  description: string;
  content: string;
  pid?: string | null;
}

/** Where comments live: a discussion or a contest. */
export type CommentPlace = { did: number } | { cid: number };

/** Silent: the list beside it answers the same refusal (area closed) and shows it once (issue 37 item 13). */
export const getCategories = () => call<DiscussionCategory[]>(api.get('/discussion-category', { silent: true }));
export const getDiscussionList = (params: DiscussionListParams) => call<Page<DiscussionVO>>(api.get('/get-discussion-list', { params }));
export const getDiscussion = (did: number) => call<DiscussionVO>(api.get('/get-discussion-detail', { params: { did } }));
/** What posting and commenting ask of the caller (not in HOJ), shown before the forms. */
export const getDiscussionRules = () => call<DiscussionRules>(api.get('/get-discussion-rules', { silent: true }));
export const createDiscussion = (body: DiscussionForm) => call<DiscussionVO>(api.post('/discussion', body));
export const updateDiscussion = (body: DiscussionForm) => call<null>(api.put('/discussion', body));
export const deleteDiscussion = (did: number) => call<null>(api.delete('/discussion', { params: { did } }));
export const likeDiscussion = (did: number, toLike: boolean) => call<null>(api.get('/discussion-like', { params: { did, toLike } }));
export const reportDiscussion = (did: number, label: string, reason: string) =>
  call<null>(api.post('/discussion-report', { did, label, reason }));

export const getComments = (place: CommentPlace, currentPage: number, limit: number) =>
  call<CommentListVO>(api.get('/comments', { params: { ...place, currentPage, limit } }));
export const addComment = (place: CommentPlace, content: string) => call<CommentVO>(api.post('/comment', { ...place, content }));
export const deleteComment = (id: number) => call<null>(api.delete('/comment', { data: { id } }));
export const likeComment = (cid: number, toLike: boolean, place: CommentPlace) =>
  call<null>(
    api.get('/comment-like', {
      params: { cid, toLike, sourceId: 'did' in place ? place.did : place.cid, sourceType: 'did' in place ? 'Discussion' : 'Contest' },
    }),
  );
export const getReplies = (commentId: number) => call<ReplyVO[]>(api.get('/reply', { params: { commentId } }));
export const addReply = (place: CommentPlace, commentId: number, content: string, quote?: { id: number; type: 'Comment' | 'Reply' }) =>
  call<ReplyVO>(
    api.post('/reply', { reply: { commentId, content }, ...place, quoteId: quote?.id ?? commentId, quoteType: quote?.type ?? 'Comment' }),
  );
export const deleteReply = (id: number, place: CommentPlace) => call<null>(api.delete('/reply', { data: { reply: { id }, ...place } }));
