/**
 * The single-spa registry of the shell: which remote owns which route prefix (issue 5), and loading a
 * remote's './app' through Module Federation from where the runtime manifest says (issue 20): the backend
 * inlines it in the page (`window.__OJ_REMOTE_MANIFEST__`, from its configuration: the bundled remotes plus
 * REMOTES_JSON / REMOTES_FILE) and serves it at /remotes.json; the remotes this shell was built beside are the
 * fallback. A team that deploys its remote to its own URL changes the manifest, not the shell.
 */
import type { LifeCycles } from 'single-spa';
import { loadAntdStaticStyle } from '../antd/static-style';

declare const __OJ_REMOTES__: string[];
/** name → the remotes it loads at run time (webpack.common.js remoteUses) */
declare const __OJ_REMOTE_USES__: Record<string, string[]> | undefined;
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

export interface RemoteArea {
  name: string;
  prefixes: string[];
  /** the remote renders its own layout: the shell hides navbar and footer */
  ownLayout?: boolean;
}

/** One remote of the runtime manifest (backend RemoteManifestEntry). */
export interface RemoteEntry {
  name: string;
  /** its remoteEntry.js: absolute, or a path on this origin */
  url: string;
  /** route prefixes it owns; the bundled remotes' are known (REMOTE_AREAS) */
  prefixes?: string[];
  ownLayout?: boolean;
}

declare global {
  interface Window {
    __OJ_REMOTE_MANIFEST__?: RemoteEntry[];
    /** name → remoteEntry.js, read by remotes that load another remote (webpack.common.js `remotes`) */
    __OJ_REMOTE_URLS__?: Record<string, string>;
  }
}

/** The areas of the remotes this platform bundles; the manifest may move them, add others or leave some out. */
export const REMOTE_AREAS: RemoteArea[] = [
  { name: 'problems', prefixes: ['/problem', '/status', '/acm-rank', '/oi-rank', '/training', '/discussion'] },
  { name: 'contest', prefixes: ['/contest'] },
  { name: 'exam', prefixes: ['/exam'] },
  { name: 'group', prefixes: ['/group'] },
  { name: 'admin', prefixes: ['/admin'], ownLayout: true },
];

/** Remotes built beside this shell (frontends with a webpack config): the manifest when none is served. */
const BUILT_REMOTES: string[] = typeof __OJ_REMOTES__ === 'undefined' ? [] : __OJ_REMOTES__;
export const defaultManifest = (): RemoteEntry[] => BUILT_REMOTES.map((name) => ({ name, url: `/remotes/${name}/remoteEntry.js` }));

const isEntry = (e: unknown): e is RemoteEntry =>
  !!e &&
  typeof (e as RemoteEntry).name === 'string' &&
  /^[A-Za-z_$][\w$]*$/.test((e as RemoteEntry).name) &&
  typeof (e as RemoteEntry).url === 'string';

/** The manifest in force: set once at start (setManifest) before the remotes are registered. */
let manifest: RemoteEntry[] = defaultManifest();
/** Names of the remotes in the manifest; others say they are not installed. Live binding: read it after setManifest. */
export let AVAILABLE_REMOTES: string[] = manifest.map((e) => e.name);
/** Every area: the bundled ones (moved by the manifest where it says so) and the manifest's own. */
let areas: RemoteArea[] = REMOTE_AREAS;

/** Puts a manifest in force (invalid entries are skipped) and tells remotes loading other remotes where they are. */
export function setManifest(entries: unknown): RemoteEntry[] {
  manifest = Array.isArray(entries) ? entries.filter(isEntry) : defaultManifest();
  AVAILABLE_REMOTES = manifest.map((e) => e.name);
  areas = [
    ...REMOTE_AREAS.map((a) => {
      const e = manifest.find((m) => m.name === a.name);
      return e?.prefixes?.length || e?.ownLayout !== undefined
        ? { ...a, prefixes: e.prefixes?.length ? e.prefixes : a.prefixes, ownLayout: e.ownLayout ?? a.ownLayout }
        : a;
    }),
    ...manifest
      .filter((e) => !REMOTE_AREAS.some((a) => a.name === e.name))
      .map((e) => ({ name: e.name, prefixes: e.prefixes?.length ? e.prefixes : [`/${e.name}`], ownLayout: e.ownLayout })),
  ];
  if (typeof window !== 'undefined') window.__OJ_REMOTE_URLS__ = Object.fromEntries(manifest.map((e) => [e.name, e.url]));
  return manifest;
}

/** The manifest the backend inlined in the page, else /remotes.json (a dev server), else the built-in list. */
export async function loadManifest(): Promise<RemoteEntry[]> {
  if (Array.isArray(window.__OJ_REMOTE_MANIFEST__)) return setManifest(window.__OJ_REMOTE_MANIFEST__);
  try {
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (res.ok) return setManifest(await res.json());
  } catch {
    // no manifest served: the remotes built beside this shell
  }
  return setManifest(defaultManifest());
}

/** The areas of the remotes in the manifest, in order. */
export const availableAreas = (): RemoteArea[] => areas.filter((a) => AVAILABLE_REMOTES.includes(a.name));

export const matchesPrefix = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(prefix + '/');

export function areaOf(pathname: string): RemoteArea | undefined {
  return areas.find((a) => a.prefixes.some((p) => matchesPrefix(pathname, p)));
}

export const isRemoteAvailable = (area: RemoteArea | undefined, available = AVAILABLE_REMOTES): boolean =>
  !!area && available.includes(area.name);

/** Remotes whose code could not be loaded: their area shows the load-failed page; the rest keeps working. */
const failed = new Set<string>();
const failedListeners = new Set<() => void>();
export const failedRemotes = {
  has: (name: string): boolean => failed.has(name),
  set(name: string, isFailed: boolean): void {
    if (failed.has(name) === isFailed) return;
    if (isFailed) failed.add(name);
    else failed.delete(name);
    failedListeners.forEach((l) => l());
  },
  /** for useSyncExternalStore */
  subscribe(listener: () => void): () => void {
    failedListeners.add(listener);
    return () => failedListeners.delete(listener);
  },
  snapshot: (): string => [...failed].sort().join(','),
};

/** The admin area has its own layout (product §2): no site navbar and footer. */
export const hidesSiteLayout = (pathname: string): boolean => !!areaOf(pathname)?.ownLayout;

export const remoteContainerId = (name: string): string => `oj-remote-${name}`;

/** One load per URL; a failed load is forgotten (and its script element removed) so a later visit retries. */
const scripts = new Map<string, Promise<void>>();
function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.dataset.remote = url;
      script.onload = () => {
        // read by the containers' own loader (webpack.common.js runtimeRemote), which may find this script later
        script.dataset.loaded = 'true';
        resolve();
      };
      script.onerror = () => {
        script.remove();
        scripts.delete(url);
        reject(new Error(`cannot load ${url}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

interface Container {
  init(scope: unknown): Promise<void>;
  get(module: string): Promise<() => unknown>;
}

/** What a remote's optional './preload' module exports (see startPagePreload). */
interface PreloadModule {
  preload?: (pathname: string) => void;
}

const initialised = new Set<string>();

/** Remote apps whose load started before single-spa asked for them (preloadRemoteOf), taken once. */
const preloaded = new Map<string, Promise<LifeCycles>>();

/**
 * Starts loading the remote that owns `pathname` (its container, its './app', the shared modules it needs) at once,
 * in parallel with drawing the shell's layout, instead of when single-spa starts after that first render
 * (issue 37). single-spa's load then takes this one (loadRemoteApp). A failed preload is forgotten: the load retries.
 */
export function preloadRemoteOf(pathname: string): void {
  const area = areaOf(pathname);
  if (!area || !AVAILABLE_REMOTES.includes(area.name) || preloaded.has(area.name)) return;
  const loading = fetchRemoteApp(area.name);
  loading.catch(() => preloaded.delete(area.name));
  preloaded.set(area.name, loading);
}

export function loadRemoteApp(name: string): Promise<LifeCycles> {
  const loading = preloaded.get(name);
  preloaded.delete(name);
  return loading ?? fetchRemoteApp(name);
}

async function fetchRemoteApp(name: string): Promise<LifeCycles> {
  const entry = manifest.find((e) => e.name === name);
  if (!entry) throw new Error(`remote ${name} is not in the manifest`);
  startRemotesItUses(name);
  // Another remote may have loaded this container already (a remote that uses its screens).
  if (!(window as unknown as Record<string, Container | undefined>)[name]) await loadScript(entry.url);
  const container = (window as unknown as Record<string, Container>)[name];
  if (!container) throw new Error(`remote ${name} has no container`);
  await __webpack_init_sharing__('default');
  if (!initialised.has(name)) {
    await container.init(__webpack_share_scopes__.default);
    initialised.add(name);
  }
  startPagePreload(container);
  const [factory] = await Promise.all([container.get('./app'), loadAntdStaticStyle()]);
  return factory() as LifeCycles;
}

/**
 * Starts the remoteEntry.js of the remotes `name` loads (the contest remote shows problems' screens): its container
 * asks for them when it is initialised, one round after its own entry arrived, and waits (issue 37: a cold contest
 * board waited about 300 ms for the problems entry). The container's loader takes a script already on its way
 * (webpack.common.js runtimeRemote). A failed load here is left to that loader, which reports it.
 */
function startRemotesItUses(name: string): void {
  const uses = typeof __OJ_REMOTE_USES__ === 'undefined' ? [] : (__OJ_REMOTE_USES__[name] ?? []);
  for (const used of uses) {
    const entry = manifest.find((e) => e.name === used);
    if (entry && !(window as unknown as Record<string, Container | undefined>)[used]) void loadScript(entry.url).catch(() => undefined);
  }
}

/**
 * A remote may expose './preload': a module without static imports, so its factory is ready as soon as the container
 * is, whose `preload(pathname)` starts the chunks of the page at that path (its lazy route, monaco for an editing
 * page). './app' is only evaluated after every shared module it needs (antd) has loaded and run, and its router asks
 * for the page's chunk only then: on a cold load those were two more rounds after antd (issue 37). A remote without
 * it, or a preload that fails, changes nothing: the router loads the page as before.
 */
function startPagePreload(container: Container): void {
  let factory: Promise<() => unknown>;
  try {
    factory = container.get('./preload');
  } catch {
    return;
  }
  void factory.then((make) => (make() as PreloadModule).preload?.(location.pathname)).catch(() => undefined);
}
