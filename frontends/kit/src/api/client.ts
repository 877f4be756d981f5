/**
 * The one HTTP client of every frontend (product §7 "Handling of answers", §8).
 * - sends the stored token in Authorization and Url-Type (admin for /admin paths)
 * - swaps the stored token when the answer carries Refresh-Token
 * - unwraps the envelope: resolves with the whole response (payload at data.data; http.ts, axios' shape),
 *   rejects with an ApiError whose message is the text to show, in the user's language (the envelope's
 *   msgCode through react-intl, i18n/server-messages.ts); `msg` and `code` keep the server's own
 */
import { ApiEnvelope, ERR, HEADERS, LockedToData, TIMINGS, TOKEN_STORAGE_KEY, messageCodeOf } from '@oj/contracts';
import { localizeServerMessage } from '../i18n/server-messages';
import { HttpClient, HttpError, HttpResponse, createHttpClient } from './http';

export type { Adapter, AdapterRequest, HttpClient, HttpResponse, RequestConfig } from './http';

export class ApiError extends Error {
  /** The server's text (HOJ's English `msg`), for comparing with a contracts catalogue text. */
  public readonly msg: string;
  /** Stable code of the text (contracts messages.ts), undefined for a text outside the catalogues. */
  public readonly code?: string;

  constructor(
    /** The server's (or the client's catalogue) text; `message` becomes its form in the user's language. */
    msg: string,
    /** HTTP status, or the envelope status of a 200 answer; 0 when there was no answer. */
    public readonly status: number,
    public readonly data?: unknown,
    code?: string,
  ) {
    const known = code ?? messageCodeOf(msg);
    super(localizeServerMessage(msg, known));
    this.name = 'ApiError';
    this.msg = msg;
    this.code = known;
  }
}

export interface ClientHooks {
  /** Shows an error text to the user (antd message in the apps). */
  notifyError?: (text: string) => void;
  /** Called on 401 after the token was cleared: open the login dialog or go to /admin/login. */
  onUnauthorized?: (isAdmin: boolean) => void;
  /** Called when the stored token changed (login, refresh, logout). */
  onTokenChange?: (token: string | null) => void;
  /**
   * A refusal of lock mode (issue 36): the caller is held in a running contest or exam and asked for something
   * outside it. The host sends them back there and shows `text` (instead of notifyError, so that a page's many
   * refused calls give one notice).
   */
  onLocked?: (to: LockedToData['lockedTo'], text: string) => void;
}

/**
 * kit is one shared copy per page, so its hooks are too. The host (the shell) owns the user-facing
 * handlers: once it has set them, a remote calling setClientHooks cannot replace its notifyError or
 * onUnauthorized (that would show texts and dialogs of the wrong app). A remote's hooks act when no
 * host handler exists (its standalone development page); onTokenChange of both is called.
 */
const hostHooks: ClientHooks = {};
const guestHooks: ClientHooks = {};
export function setClientHooks(h: ClientHooks, options: { host?: boolean } = {}): void {
  Object.assign(options.host ? hostHooks : guestHooks, h);
}

const hooks = {
  notifyError(text: string): void {
    (hostHooks.notifyError ?? guestHooks.notifyError)?.(text);
  },
  onUnauthorized(isAdmin: boolean): void {
    (hostHooks.onUnauthorized ?? guestHooks.onUnauthorized)?.(isAdmin);
  },
  onTokenChange(token: string | null): void {
    hostHooks.onTokenChange?.(token);
    guestHooks.onTokenChange?.(token);
  },
  /** False when no app handles lock refusals (the error is then shown as any other). */
  onLocked(to: LockedToData['lockedTo'], text: string): boolean {
    const handler = hostHooks.onLocked ?? guestHooks.onLocked;
    handler?.(to, text);
    return !!handler;
  },
};

/** The contest or exam a lock-mode refusal names (its `data`), if it is one. */
export function lockedTo(data: unknown): LockedToData['lockedTo'] | undefined {
  const to = (data as Partial<LockedToData> | null | undefined)?.lockedTo;
  return to && (to.kind === 'contest' || to.kind === 'exam') && Number.isInteger(to.id) ? to : undefined;
}

/** The code of the refusal a session gets once a later login of the same participant ended it (issue 36). */
const SESSION_REPLACED = 'LOCKDOWN_ERR.sessionReplaced';

/**
 * Shows an error text through the host's notifier (the shell's), which outlives the app that calls it: a remote
 * that sends the browser to another app's page (the admin guard sending a student home) still has it read.
 */
export function notifyUser(text: string): void {
  hooks.notifyError(text);
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
const tokenListeners = new Set<(token: string | null) => void>();
/** Listens to token changes without replacing another app's hooks (kit is shared by every app). */
export function subscribeToken(listener: (token: string | null) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
  hooks.onTokenChange(token);
  tokenListeners.forEach((l) => l(token));
}

const isAdminPath = (url = ''): boolean => /^\/?(api\/)?admin/.test(url.replace(/^https?:\/\/[^/]+/, ''));

/** A call made by the admin app (any API path, e.g. /api/file/*, /api/languages) is an admin call for a 401. */
function isAdminPage(): boolean {
  return typeof location !== 'undefined' && /^\/admin(\/|$)/.test(location.pathname);
}

export function createClient(baseURL = '/api'): HttpClient {
  return createHttpClient(baseURL, TIMINGS.httpTimeoutMs, {
    headers(url) {
      const token = getToken();
      return { ...(token ? { [HEADERS.authorization]: token } : {}), [HEADERS.urlType]: isAdminPath(url) ? 'admin' : 'general' };
    },

    async answered(response: HttpResponse) {
      const refreshed = response.headers[HEADERS.refreshToken.toLowerCase()];
      const authorization = response.headers[HEADERS.authorization.toLowerCase()];
      if (refreshed && authorization) setToken(String(authorization));
      if (response.config.responseType === 'blob') return response;
      const body = response.data as ApiEnvelope | undefined;
      if (body && typeof body === 'object' && 'status' in body && body.status !== 200) {
        const error = new ApiError(body.msg || ERR.serverError, body.status, body.data, body.msgCode);
        if (!response.config.silent) hooks.notifyError(error.message);
        throw error;
      }
      return response;
    },

    async failed(error: HttpError): Promise<never> {
      const response = error.response;
      const silent = !!error.config.silent;
      if (!response) {
        const offline = new ApiError(ERR.noConnection, 0);
        if (!silent) hooks.notifyError(offline.message);
        throw offline;
      }
      const body = response.data && typeof response.data === 'object' ? (response.data as ApiEnvelope) : undefined;
      let msg = body?.msg;
      let code = body?.msgCode;
      if (typeof Blob !== 'undefined' && response.data instanceof Blob && response.data.type.includes('json')) {
        // A download that failed answers JSON: show its msg.
        try {
          const failed = JSON.parse(await response.data.text()) as ApiEnvelope;
          msg = failed.msg || ERR.invalidFileFormat;
          code = failed.msgCode;
        } catch {
          msg = ERR.invalidFileFormat;
        }
      }
      let text: string;
      switch (response.status) {
        case 401: {
          text = msg || ERR.loginAgain;
          setToken(null);
          hooks.onUnauthorized(isAdminPath(error.config.url) || isAdminPage());
          break;
        }
        case 403:
          text = msg || ERR.noPermission;
          break;
        case 404:
          text = ERR.notFound;
          code = undefined;
          break;
        default:
          text = msg || ERR.serverError;
      }
      // The code belongs to the server's msg; a text the client chose (msg absent) finds its own.
      const failure = new ApiError(text, response.status, body?.data, text === msg ? code : undefined);
      const held = response.status === 403 ? lockedTo(body?.data) : undefined;
      if (held && hooks.onLocked(held, failure.message)) throw failure;
      // Logged in elsewhere: said even for a background call, since it is why the login dialog opened.
      if (!silent || failure.code === SESSION_REPLACED) hooks.notifyError(failure.message);
      throw failure;
    },
  });
}

/** The shared client; its payload is at `response.data.data`. */
export const api = createClient();

/** Convenience: the payload of a call. */
export async function call<T>(promise: Promise<HttpResponse<ApiEnvelope<T>>>): Promise<T> {
  return (await promise).data.data;
}
