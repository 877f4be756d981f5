/**
 * Where the admin editors write (issue 17): the site's admin routes, or, when a group remote mounts them
 * (group-editors.tsx), the group twins of those routes (contracts GROUP_ADMIN_ROUTES) with the group's gid.
 * One form per thing: a screen asks `useScopedClient()` and hands the client to its api calls; the calls name
 * the site route and the client turns it into the group one, so no form knows which routes it uses.
 */
import { createContext, ReactNode, useContext, useMemo } from 'react';
import { ApiEnvelope, GROUP_ADMIN_ROUTES } from '@oj/contracts';
import { api } from '@oj/kit';

export interface AdminScope {
  /** The group the screen manages; null for the site admin area. */
  gid: number | null;
}

export const SITE_SCOPE: AdminScope = { gid: null };

const ScopeContext = createContext<AdminScope>(SITE_SCOPE);

export function ScopeProvider({ gid, children }: { gid: number | null; children: ReactNode }) {
  const value = useMemo(() => ({ gid }), [gid]);
  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}

export const useScope = (): AdminScope => useContext(ScopeContext);

/** kit's request options. */
type RequestConfig = NonNullable<Parameters<typeof api.get>[1]>;
/** An answer of any payload: `never` data fits every `call<T>`. */
type Res = ReturnType<typeof api.get<ApiEnvelope<never>>>;

/** kit's client narrowed to the four verbs, with every site route rewritten for the scope. */
export interface ScopedClient {
  gid: number | null;
  get(url: string, config?: RequestConfig): Res;
  delete(url: string, config?: RequestConfig): Res;
  post(url: string, body?: unknown, config?: RequestConfig): Res;
  put(url: string, body?: unknown, config?: RequestConfig): Res;
}

/** The group twin of a site route; a route without one is refused rather than silently written site-wide. */
export function groupRoute(url: string): string {
  const twin = GROUP_ADMIN_ROUTES[url];
  if (!twin) throw new Error(`no group route for ${url}`);
  return twin;
}

/**
 * The body with the gid: FormData gets a field; HOJ's DTOs carry it in the problem/training they wrap too.
 * (The server's validation strips fields a DTO does not declare, so an extra gid never harms.)
 */
function withGid(body: unknown, gid: number): unknown {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    body.set('gid', String(gid));
    return body;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>), gid };
  for (const inner of ['problem', 'training'] as const) {
    const v = out[inner];
    if (v && typeof v === 'object') out[inner] = { ...(v as object), gid };
  }
  return out;
}

const withGidParam = (config: RequestConfig | undefined, gid: number): RequestConfig => ({
  ...config,
  params: { ...(config?.params as object), gid },
});

export const siteClient: ScopedClient = {
  gid: null,
  get: (url, config) => api.get(url, config),
  delete: (url, config) => api.delete(url, config),
  post: (url, body, config) => api.post(url, body, config),
  put: (url, body, config) => api.put(url, body, config),
};

export function groupClient(gid: number): ScopedClient {
  return {
    gid,
    get: (url, config) => api.get(groupRoute(url), withGidParam(config, gid)),
    delete: (url, config) => api.delete(groupRoute(url), withGidParam(config, gid)),
    // The gid goes in the query too: HOJ reads it there for some writes (compile-spj), the body for others.
    post: (url, body, config) => api.post(groupRoute(url), withGid(body, gid), withGidParam(config, gid)),
    put: (url, body, config) => api.put(groupRoute(url), withGid(body, gid), withGidParam(config, gid)),
  };
}

export const clientFor = (scope: AdminScope): ScopedClient => (scope.gid == null ? siteClient : groupClient(scope.gid));

export function useScopedClient(): ScopedClient {
  const scope = useScope();
  return useMemo(() => clientFor(scope), [scope]);
}

/**
 * The same client with `silent` requests: its refusals raise no toast. For calls whose screen reports the
 * refusals itself (adding several problems at once lists each failure with its reason, once).
 */
export function silentClient(c: ScopedClient): ScopedClient {
  const quiet = (config?: RequestConfig): RequestConfig => ({ ...config, silent: true });
  return {
    gid: c.gid,
    get: (url, config) => c.get(url, quiet(config)),
    delete: (url, config) => c.delete(url, quiet(config)),
    post: (url, body, config) => c.post(url, body, quiet(config)),
    put: (url, body, config) => c.put(url, body, quiet(config)),
  };
}
