/**
 * The HTTP layer under kit's API client: the browser's fetch with the few request options the apps use, named as
 * axios names them (the client was axios until issue 37: its 20.6 KB gzip were an eighth of the shell's first page,
 * and the apps used four verbs, query parameters, a timeout, JSON and FormData bodies and one blob download).
 * What a call answers and how it fails keeps axios' shape (`response.data`, `response.status`, lower-case
 * `response.headers`; a failed status rejects with `error.response`), so client.ts reads both the same way.
 */

/** The options a call may give besides its URL and body. */
export interface RequestConfig {
  /** Query parameters; undefined and null ones are not sent, a Date is sent as its ISO text. */
  params?: unknown;
  /** `{ indexes: null }`: an array as `a=1&a=2`; by default `a[]=1&a[]=2` (what axios sent). */
  paramsSerializer?: { indexes: null };
  headers?: Record<string, string>;
  /** 'blob': the body as a Blob (downloads); otherwise JSON when it parses, else the text. */
  responseType?: 'json' | 'blob';
  /** Milliseconds before the call is given up (0: never). */
  timeout?: number;
  signal?: AbortSignal;
  /** Background calls (polling) reject without showing a toast. */
  silent?: boolean;
  /** The body of a DELETE (axios takes it here too). */
  data?: unknown;
}

/** A request as the adapter sends it: the method, the base and the path (without the query), the encoded body. */
export interface AdapterRequest extends Omit<RequestConfig, 'data'> {
  method: 'get' | 'post' | 'put' | 'delete';
  baseURL: string;
  url: string;
  /** JSON text, FormData, Blob, or undefined. */
  data?: BodyInit;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as axios: an untyped call's data is any
export interface HttpResponse<T = any> {
  data: T;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  config: AdapterRequest;
}

/** A call that got no answer (no connection, timeout, aborted): no `response`. A failed status: `response` set. */
export class HttpError extends Error {
  constructor(
    message: string,
    public readonly config: AdapterRequest,
    public readonly response?: HttpResponse,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Sends one request and answers the response, any status; rejects only when there is no answer. */
export type Adapter = (request: AdapterRequest) => Promise<HttpResponse>;

function appendParam(query: URLSearchParams, key: string, value: unknown, indexes: boolean): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(query, indexes ? `${key}[]` : key, item, indexes);
  } else if (value instanceof Date) {
    query.append(key, value.toISOString());
  } else if (typeof value === 'object') {
    for (const [sub, v] of Object.entries(value)) appendParam(query, `${key}[${sub}]`, v, indexes);
  } else {
    query.append(key, String(value));
  }
}

/** The query string of `params` ('' when none), as axios built it. */
export function queryString(params: unknown, serializer?: { indexes: null }): string {
  if (!params || typeof params !== 'object') return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) appendParam(query, key, value, serializer?.indexes !== null);
  return query.toString();
}

/** The body: text for JSON (or a non-JSON text), a Blob for a download. */
async function readBody(res: Response, responseType: RequestConfig['responseType']): Promise<unknown> {
  if (responseType === 'blob') return res.blob();
  const text = await res.text();
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The default adapter: fetch, with the call's timeout and signal. */
export function fetchAdapter(): Adapter {
  return async (request) => {
    const query = queryString(request.params, request.paramsSerializer);
    const url = `${request.baseURL}${request.url}${query ? (request.url.includes('?') ? '&' : '?') + query : ''}`;
    const controller = new AbortController();
    const abort = () => controller.abort();
    request.signal?.addEventListener('abort', abort);
    if (request.signal?.aborted) abort();
    const timer = request.timeout ? setTimeout(abort, request.timeout) : undefined;
    try {
      const res = await fetch(url, {
        method: request.method.toUpperCase(),
        headers: request.headers,
        body: request.data,
        signal: controller.signal,
      });
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
      return { data: await readBody(res, request.responseType), status: res.status, headers, config: request };
    } catch (err) {
      throw new HttpError(controller.signal.aborted ? 'timeout or aborted' : (err as Error).message, request);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abort);
    }
  };
}

/** JSON for objects and arrays; FormData, Blob, URLSearchParams and text as they are; no body for null (as axios). */
function encode(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data;
  if (data instanceof URLSearchParams || typeof data === 'string') return data;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

/**
 * A client: the four verbs, `defaults` (the base URL and the timeout; `adapter`, which a test may replace) and one hook that sees
 * every request before it goes (headers) and one that sees every answer or failure (client.ts's envelope rules).
 */
export interface HttpClient {
  defaults: { baseURL: string; timeout: number; adapter: Adapter };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get<T = any>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  delete<T = any>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post<T = any>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  put<T = any>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
}

export interface ClientRules {
  /** Headers every request carries (read when it is sent). */
  headers(url: string): Record<string, string>;
  /** Every answer of status 2xx: resolves with it or rejects (an envelope that says an error). */
  answered(response: HttpResponse): Promise<HttpResponse>;
  /** Every answer of another status, and calls with no answer (`error.response` unset): rejects. */
  failed(error: HttpError): Promise<never>;
}

export function createHttpClient(baseURL: string, timeout: number, rules: ClientRules): HttpClient {
  const defaults = { baseURL, timeout, adapter: fetchAdapter() };
  const send = async (method: AdapterRequest['method'], url: string, data: unknown, config: RequestConfig = {}) => {
    const headers = { Accept: 'application/json, text/plain, */*', ...rules.headers(url), ...config.headers };
    const request: AdapterRequest = {
      ...config,
      method,
      baseURL: defaults.baseURL,
      url,
      headers,
      data: encode(data, headers),
      timeout: config.timeout ?? defaults.timeout,
    };
    let response: HttpResponse;
    try {
      response = await defaults.adapter(request);
    } catch (err) {
      const failure = err instanceof HttpError ? err : new HttpError((err as Error).message, request, (err as HttpError).response);
      return rules.failed(failure);
    }
    if (response.status >= 200 && response.status < 300) return rules.answered(response);
    return rules.failed(new HttpError(`status ${response.status}`, request, response));
  };
  return {
    defaults,
    get: <T>(url: string, config?: RequestConfig) => send('get', url, undefined, config) as Promise<HttpResponse<T>>,
    delete: <T>(url: string, config?: RequestConfig) => send('delete', url, config?.data, config) as Promise<HttpResponse<T>>,
    post: <T>(url: string, data?: unknown, config?: RequestConfig) => send('post', url, data, config) as Promise<HttpResponse<T>>,
    put: <T>(url: string, data?: unknown, config?: RequestConfig) => send('put', url, data, config) as Promise<HttpResponse<T>>,
  };
}
