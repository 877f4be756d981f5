/**
 * Every page of the problems remote is its own chunk, started by the route that shows it (root.tsx) and, on a cold
 * load, by './preload' as soon as the container is there (preload.ts), so the page's chunk loads beside './app'
 * instead of after it. Before issue 37's second round the four list pages were part of './app': every page of the
 * remote fetched the antd components of all four (the problem list carried the status list's and the rank's).
 * Only dynamic imports here: preload.ts imports this module and must stay small.
 */
export const loadProblemList = () => import('./problem-list');
export const loadStatusList = () => import('./status-list');
export const loadRank = () => import('./rank');
export const loadTrainingList = () => import('./training-list');
export const loadProblemDetail = () => import('./problem-detail');
export const loadTraining = () => import('./training');
export const loadDiscussionHome = () => import('./discussion/problem-discussion');
export const loadDiscussionDetail = () => import('./discussion/discussion-detail');
export const loadSubmissionDetail = () => import('./status-detail');

/** The routes of root.tsx, in its order, with the chunk each page needs (a path without a match loads nothing). */
const PAGES: Array<[RegExp, () => Promise<unknown>]> = [
  [/^\/problem\/?$/, loadProblemList],
  [/^\/problem\/[^/]+\/?$/, loadProblemDetail],
  [/^\/problem\/[^/]+\/discussion\/?$/, loadDiscussionHome],
  [/^\/status\/?$/, loadStatusList],
  [/^\/status\/[^/]+\/?$/, loadSubmissionDetail],
  [/^\/(acm|oi)-rank\/?$/, loadRank],
  [/^\/training\/?$/, loadTrainingList],
  [/^\/training\/[^/]+(\/.*)?$/, loadTraining],
  [/^\/discussion\/?$/, loadDiscussionHome],
  [/^\/discussion\/[^/]+\/?$/, loadDiscussionDetail],
];

/** The loader of the page at `pathname`, or null when no page of this remote shows there. */
export function pageLoaderOf(pathname: string): (() => Promise<unknown>) | null {
  return PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
