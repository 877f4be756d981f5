/**
 * Problem packages on a worker: downloaded (with the judge token) or taken from a local path,
 * unpacked into the cache dir by packageVersion. Unpacking goes to a temp dir that is renamed
 * into place, so a crash never leaves a half package; entries that would leave the dir are refused.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as http from 'http';
import * as https from 'https';
import * as yauzl from 'yauzl';
import { JUDGE_TOKEN_HEADER } from '@oj/contracts';

export const MAX_PACKAGE_BYTES = 1024 * 1024 * 1024;
const inFlight = new Map<string, Promise<string>>();

/** Returns the directory of the package, fetching and unpacking it when it is not cached. */
export function ensurePackage(opts: { packageUrl: string; packageVersion: string; cacheDir: string; judgeToken: string }): Promise<string> {
  const version = opts.packageVersion.replace(/[^A-Za-z0-9_.-]/g, '_');
  if (!version || version === '.' || version === '..') return Promise.reject(new Error('invalid packageVersion'));
  const dir = path.join(opts.cacheDir, 'packages', version);
  if (fs.existsSync(path.join(dir, 'problem.json'))) return Promise.resolve(dir);
  let pending = inFlight.get(dir);
  if (!pending) {
    pending = fetchPackage(opts, dir).finally(() => inFlight.delete(dir));
    inFlight.set(dir, pending);
  }
  return pending;
}

async function fetchPackage(opts: { packageUrl: string; judgeToken: string }, dir: string): Promise<string> {
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
