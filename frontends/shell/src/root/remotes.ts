/**
 * The single-spa registry of the shell: which remote owns which route prefix (issue 5), and
 * loading a remote's './app' through Module Federation from /remotes/<name>/remoteEntry.js.
 */
import type { LifeCycles } from 'single-spa';

declare const __OJ_REMOTES__: string[];
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

export interface RemoteArea {
  name: string;
  prefixes: string[];
  /** the remote renders its own layout: the shell hides navbar and footer */
  ownLayout?: boolean;
}

export const REMOTE_AREAS: RemoteArea[] = [
  { name: 'problems', prefixes: ['/problem', '/status', '/acm-rank', '/oi-rank', '/training', '/discussion'] },
  { name: 'contest', prefixes: ['/contest'] },
  { name: 'exam', prefixes: ['/exam'] },
  { name: 'group', prefixes: ['/group'] },
  { name: 'admin', prefixes: ['/admin'], ownLayout: true },
];

/** Remotes present in this build (frontends with a webpack config); others show "coming soon". */
export const AVAILABLE_REMOTES: string[] = typeof __OJ_REMOTES__ === 'undefined' ? [] : __OJ_REMOTES__;

export const matchesPrefix = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(prefix + '/');

export function areaOf(pathname: string): RemoteArea | undefined {
  return REMOTE_AREAS.find((a) => a.prefixes.some((p) => matchesPrefix(pathname, p)));
}

export const isRemoteAvailable = (area: RemoteArea | undefined, available = AVAILABLE_REMOTES): boolean =>
  !!area && available.includes(area.name);

/** The admin area has its own layout (spec §2): no site navbar and footer. */
export const hidesSiteLayout = (pathname: string): boolean => !!areaOf(pathname)?.ownLayout;

export const remoteContainerId = (name: string): string => `oj-remote-${name}`;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector(`script[data-remote="${url}"]`);
    if (existing) return resolve();
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.remote = url;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`cannot load ${url}`));
    document.head.appendChild(script);
  });
}

interface Container {
  init(scope: unknown): Promise<void>;
  get(module: string): Promise<() => LifeCycles>;
}

const initialised = new Set<string>();

export async function loadRemoteApp(name: string): Promise<LifeCycles> {
  await loadScript(`/remotes/${name}/remoteEntry.js`);
  const container = (window as unknown as Record<string, Container>)[name];
  if (!container) throw new Error(`remote ${name} has no container`);
  await __webpack_init_sharing__('default');
  if (!initialised.has(name)) {
    await container.init(__webpack_share_scopes__.default);
    initialised.add(name);
  }
  const factory = await container.get('./app');
  return factory();
}
