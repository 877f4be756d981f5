/**
 * Problem packages on a worker: downloaded (with the judge token) or taken from a local path,
 * unpacked into the cache dir by packageVersion. Unpacking goes to a temp dir that is renamed
 * into place, so a crash never leaves a half package; entries that would leave the dir are refused.
 *
 * The cache stays bounded: after a new version is unpacked, other versions of the same problem and then
 * the least recently used packages beyond `packageCacheMaxMb` are removed, except packages in use (held
 * through acquirePackage, or used within `packageLeaseMs`, which also covers other workers sharing the dir).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as http from 'http';
import * as https from 'https';
import * as yauzl from 'yauzl';
import { JUDGE_TOKEN_HEADER } from '@oj/contracts';
import { judgeConfig } from './config';

export const MAX_PACKAGE_BYTES = 1024 * 1024 * 1024;
const inFlight = new Map<string, Promise<string>>();
/** Package dir → holders that have not released it (acquirePackage). */
const holders = new Map<string, number>();
/** Package dir → bytes on disk (a version's content never changes). */
const sizes = new Map<string, number>();
/** Next to each package: `<version>.meta.json`, whose mtime is when the version was unpacked here. */
const META_SUFFIX = '.meta.json';

export interface PackageRequest {
  packageUrl: string;
  packageVersion: string;
  cacheDir: string;
  judgeToken: string;
  /** The problem the package belongs to; default: the `pid` of a backend package URL. */
  problemId?: number;
  /** Overrides of the cache bounds of judgeConfig(). */
  cache?: Partial<PackageCacheOptions>;
}

export interface PackageCacheOptions {
  maxBytes: number;
  leaseMs: number;
}

function cacheOptions(overrides?: Partial<PackageCacheOptions>): PackageCacheOptions {
  const config = judgeConfig();
  return { maxBytes: config.packageCacheMaxMb * 1024 * 1024, leaseMs: config.packageLeaseMs, ...overrides };
}

/** Returns the directory of the package, fetching and unpacking it when it is not cached. */
export function ensurePackage(opts: PackageRequest): Promise<string> {
  const version = opts.packageVersion.replace(/[^A-Za-z0-9_.-]/g, '_');
  if (!version || version === '.' || version === '..' || version.includes('.tmp-') || version.endsWith(META_SUFFIX)) {
    return Promise.reject(new Error('invalid packageVersion'));
  }
  const dir = path.join(opts.cacheDir, 'packages', version);
  if (fs.existsSync(path.join(dir, 'problem.json'))) {
    markUsed(dir);
    return Promise.resolve(dir);
  }
  let pending = inFlight.get(dir);
  if (!pending) {
    pending = fetchPackage(opts, dir).finally(() => inFlight.delete(dir));
    inFlight.set(dir, pending);
  }
  return pending.then((d) => {
    markUsed(d);
    return d;
  });
}

/**
 * Like ensurePackage, and the package is never removed from the cache until `release` is called
 * (call it when the judgement that uses the package is over).
 */
export async function acquirePackage(opts: PackageRequest): Promise<{ dir: string; release: () => void }> {
  const dir = await ensurePackage(opts);
  holders.set(dir, (holders.get(dir) ?? 0) + 1);
  let released = false;
  return {
    dir,
    release: () => {
      if (released) return;
      released = true;
      const left = (holders.get(dir) ?? 1) - 1;
      if (left > 0) holders.set(dir, left);
      else holders.delete(dir);
      markUsed(dir);
    },
  };
}

/** The last use is the package dir's mtime, which every worker sharing the cache sees. */
function markUsed(dir: string): void {
  const now = new Date();
  try {
    fs.utimesSync(dir, now, now);
  } catch {
    // Removed meanwhile by another worker: the next ensurePackage fetches it again.
  }
}

function problemIdOf(opts: PackageRequest): number | undefined {
  if (opts.problemId !== undefined) return opts.problemId;
  try {
    const pid = Number(new URL(opts.packageUrl).searchParams.get('pid'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface CachedPackage {
  version: string;
  dir: string;
  problemId?: number;
  bytes: number;
  lastUsedMs: number;
  unpackedMs: number;
}

/** The unpacked packages of a cache dir. */
export function listPackageCache(cacheDir: string): CachedPackage[] {
  const root = path.join(cacheDir, 'packages');
  const names = fs.existsSync(root) ? fs.readdirSync(root) : [];
  const out: CachedPackage[] = [];
  for (const name of names) {
    if (name.includes('.tmp-') || name.endsWith(META_SUFFIX)) continue;
    const dir = path.join(root, name);
    const stat = statOrNull(dir);
    if (!stat?.isDirectory()) continue;
    const metaFile = path.join(root, name + META_SUFFIX);
    const metaStat = statOrNull(metaFile);
    let problemId: number | undefined;
    try {
      problemId = (JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { problemId?: number }).problemId;
    } catch {
      problemId = undefined;
    }
    out.push({
      version: name,
      dir,
      problemId,
      bytes: sizeOf(dir),
      lastUsedMs: stat.mtimeMs,
      unpackedMs: metaStat?.mtimeMs ?? stat.mtimeMs,
    });
  }
  return out;
}

/**
 * Bounds the cache: removes packages superseded by a later unpacked version of the same problem, then the
 * least recently used ones while the total passes maxBytes. A package in use is never removed: held through
 * acquirePackage, being unpacked, listed in `keep`, or used within leaseMs. Synchronous, so no ensurePackage
 * of this process runs in between. Returns the removed versions.
 */
export function prunePackageCache(cacheDir: string, opts: Partial<PackageCacheOptions> & { keep?: string[]; now?: number } = {}): string[] {
  const { maxBytes, leaseMs } = cacheOptions(opts);
  const now = opts.now ?? Date.now();
  const keep = new Set(opts.keep ?? []);
  const inUse = (p: CachedPackage) =>
    keep.has(p.dir) || (holders.get(p.dir) ?? 0) > 0 || inFlight.has(p.dir) || now - p.lastUsedMs < leaseMs;
  const removed: string[] = [];
  const remove = (p: CachedPackage) => {
    fs.rmSync(p.dir, { recursive: true, force: true });
    fs.rmSync(p.dir + META_SUFFIX, { force: true });
    sizes.delete(p.dir);
    removed.push(p.version);
  };

  let packages = listPackageCache(cacheDir);
  const newest = new Map<number, CachedPackage>();
  for (const p of packages) {
    if (p.problemId === undefined) continue;
    const n = newest.get(p.problemId);
    if (!n || p.unpackedMs > n.unpackedMs || keep.has(p.dir)) newest.set(p.problemId, p);
  }
  for (const p of packages) {
    if (p.problemId !== undefined && newest.get(p.problemId) !== p && !inUse(p)) remove(p);
  }
  packages = packages.filter((p) => !removed.includes(p.version));

  let total = packages.reduce((sum, p) => sum + p.bytes, 0);
  for (const p of [...packages].sort((a, b) => a.lastUsedMs - b.lastUsedMs)) {
    if (total <= maxBytes) break;
    if (inUse(p)) continue;
    remove(p);
    total -= p.bytes;
  }
  removeStaleTemps(cacheDir, now, leaseMs);
  return removed;
}

/** Temp dirs of unpacks that a crash interrupted (not those being unpacked now). */
function removeStaleTemps(cacheDir: string, now: number, leaseMs: number): void {
  const root = path.join(cacheDir, 'packages');
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const cut = name.indexOf('.tmp-');
    if (cut < 0 || inFlight.has(path.join(root, name.slice(0, cut)))) continue;
    const stat = statOrNull(path.join(root, name));
    if (stat && now - stat.mtimeMs > leaseMs) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

function statOrNull(p: string): fs.Stats | null {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}

function sizeOf(dir: string): number {
  let bytes = sizes.get(dir);
  if (bytes === undefined) {
    const walk = (d: string): number =>
      fs.readdirSync(d, { withFileTypes: true }).reduce((sum, e) => {
        const p = path.join(d, e.name);
        if (e.isDirectory()) return sum + walk(p);
        return sum + (e.isFile() ? fs.statSync(p).size : 0);
      }, 0);
    bytes = walk(dir);
    sizes.set(dir, bytes);
  }
  return bytes;
}

async function fetchPackage(opts: PackageRequest, dir: string): Promise<string> {
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
  const tmp = fs.mkdtempSync(`${dir}.tmp-`);
  try {
    const local = localPath(opts.packageUrl);
    if (local && fs.statSync(local).isDirectory()) {
      fs.cpSync(local, tmp, { recursive: true });
    } else {
      const zip = local ?? path.join(tmp, '.download.zip');
      if (!local) await download(opts.packageUrl, opts.judgeToken, zip);
      await unzip(zip, tmp);
      if (!local) fs.rmSync(zip);
    }
    if (!fs.existsSync(path.join(tmp, 'problem.json'))) throw new Error('package has no problem.json');
    makeReadable(tmp);
    try {
      fs.renameSync(tmp, dir);
    } catch (err) {
      // Another job unpacked the same version first.
      if (!fs.existsSync(path.join(dir, 'problem.json'))) throw err;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    const problemId = problemIdOf(opts);
    fs.writeFileSync(dir + META_SUFFIX, JSON.stringify({ problemId }));
    markUsed(dir);
    try {
      prunePackageCache(opts.cacheDir, { ...opts.cache, keep: [dir] });
    } catch (err) {
      // A full cache must not fail the judgement; the next unpack tries again.
      console.warn(`[judge] package cache pruning failed: ${(err as Error).message}`);
    }
    return dir;
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

function localPath(url: string): string | undefined {
  if (url.startsWith('file://')) return decodeURIComponent(new URL(url).pathname);
  if (path.isAbsolute(url)) return url;
  return undefined;
}

function download(url: string, token: string, dest: string, redirects = 3): Promise<void> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const req = client.get(url, { headers: { [JUDGE_TOKEN_HEADER]: token }, timeout: 60000 }, (res) => {
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location && redirects > 0) {
        res.resume();
        download(new URL(res.headers.location, url).toString(), token, dest, redirects - 1).then(resolve, reject);
        return;
      }
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`package download failed: HTTP ${res.statusCode}`));
        return;
      }
      let size = 0;
      const out = fs.createWriteStream(dest);
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_PACKAGE_BYTES) req.destroy(new Error('package too large'));
      });
      res.pipe(out);
      out.on('finish', () => resolve());
      out.on('error', reject);
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('package download timed out')));
    req.on('error', reject);
  });
}

/** Unpacks a zip, refusing absolute paths, `..` and symlinks. */
export function unzip(zipFile: string, dest: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipFile, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('cannot open zip'));
      let total = 0;
      const fail = (e: Error): void => {
        zip.close();
        reject(e);
      };
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        const target = path.resolve(dest, name);
        if (path.isAbsolute(name) || name.split(/[\\/]/).includes('..') || !target.startsWith(path.resolve(dest) + path.sep)) {
          return fail(new Error(`refused zip entry outside the package: ${name}`));
        }
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) return fail(new Error(`refused symlink in package: ${name}`));
        total += entry.uncompressedSize;
        if (total > MAX_PACKAGE_BYTES) return fail(new Error('package too large'));
        if (name.endsWith('/')) {
          fs.mkdirSync(target, { recursive: true });
          zip.readEntry();
          return;
        }
        fs.mkdirSync(path.dirname(target), { recursive: true });
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e ?? new Error('cannot read zip entry'));
          const out = fs.createWriteStream(target, { mode: 0o644 });
          stream.on('error', fail);
          out.on('error', fail);
          out.on('finish', () => zip.readEntry());
          stream.pipe(out);
        });
      });
      zip.readEntry();
    });
  });
}

/** Sandboxes read case files through bind mounts as an unprivileged uid. */
function makeReadable(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) makeReadable(p);
    else if (e.isFile()) fs.chmodSync(p, 0o644);
  }
}
