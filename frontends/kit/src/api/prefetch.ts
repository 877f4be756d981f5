/**
 * Requests started before the screen that reads them exists (issue 37: data requested before the bundle
 * finishes where the route is known). The shell knows the route as soon as its first script runs, while the
 * remote that draws the page still has its container, its chunks and antd to load: it starts the page's first
 * requests here, and the remote's API calls take the answer of the same request instead of asking again.
 * kit/core is one shared copy per page, so the map is the same for the shell and every remote.
 */
import { ApiEnvelope } from '@oj/contracts';
import { api, call } from './client';
import type { RequestConfig } from './http';

/** A prefetched answer older than this is not used: the screen asks again (a board refreshes, a clock moves). */
const FRESH_MS = 10_000;

/** An answer with the client time it arrived at (a contest clock measures its offset to the server's with it). */
export interface Received<T> {
  data: T;
  receivedAt: number;
}
interface Pending {
  answer: Promise<Received<unknown>>;
  startedAt: number;
}
const pending = new Map<string, Pending>();

/**
 * One request's identity: method, path and its parameters or body, whatever the order of their fields (fields left
 * undefined are not sent, so not counted).
 */
const keyOf = (method: 'get' | 'post', url: string, data: object | undefined) =>
  `${method} ${url} ${JSON.stringify(
    Object.fromEntries(
      Object.entries(data ?? {})
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  )}`;

const received = <T>(answer: Promise<T>): Promise<Received<T>> => answer.then((data) => ({ data, receivedAt: Date.now() }));

/**
 * Starts a request whose answer a screen will soon ask for. Silent: the screen may not ask after all (the
 * user may not have access), and a failure is then the screen's own call to report (it asks again).
 */
export function prefetchGet(url: string, params?: object): void {
  start(keyOf('get', url, params), () => call(api.get<ApiEnvelope<unknown>>(url, { params, silent: true })));
}
export function prefetchPost(url: string, body: object): void {
  start(keyOf('post', url, body), () => call(api.post<ApiEnvelope<unknown>>(url, body, { silent: true })));
}

function start(key: string, request: () => Promise<unknown>): void {
  if (pending.has(key)) return;
  const answer = received(request());
  answer.catch(() => undefined); // read by the screen, or by no one
  pending.set(key, { answer, startedAt: Date.now() });
}

/** The prefetched answer of this request (once), if one was started recently and did not fail; else a new call. */
function takeOr<T>(key: string, request: () => Promise<T>): Promise<Received<T>> {
  const p = pending.get(key);
  pending.delete(key);
  if (!p || Date.now() - p.startedAt > FRESH_MS) return received(request());
  return (p.answer as Promise<Received<T>>).catch(() => received(request()));
}

/** GET `url` through kit's client, taking a prefetched answer of the same request when there is one; with its arrival time. */
export function getOnceReceived<T>(url: string, params?: object, config: RequestConfig = {}): Promise<Received<T>> {
  return takeOr(keyOf('get', url, params), () => call<T>(api.get(url, { ...config, params })));
}
/** GET `url` through kit's client, taking a prefetched answer of the same request when there is one. */
export async function getOnce<T>(url: string, params?: object, config: RequestConfig = {}): Promise<T> {
  return (await getOnceReceived<T>(url, params, config)).data;
}
/** POST `url` through kit's client, taking a prefetched answer of the same request when there is one. */
export async function postOnce<T>(url: string, body: object, config: RequestConfig = {}): Promise<T> {
  return (await takeOr(keyOf('post', url, body), () => call<T>(api.post(url, body, config)))).data;
}
