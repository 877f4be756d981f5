/** The worker's package cache stays bounded without ever removing a package in use. */
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import * as yazl from 'yazl';
import { acquirePackage, ensurePackage, listPackageCache, PackageCacheOptions, prunePackageCache } from '../src/packages';

const KB = 1024;
let base: string;
let cacheDir: string;

/** A package folder with problem.json and one case of `bytes` bytes. */
function source(name: string, bytes = 10 * KB): string {
  const dir = path.join(base, 'src', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify({ name }));
  fs.writeFileSync(path.join(dir, '1.in'), Buffer.alloc(bytes, 1));
  return dir;
}

const cached = () =>
  listPackageCache(cacheDir)
    .map((p) => p.version)
    .sort();
const get = (version: string, problemId: number | undefined, cache: Partial<PackageCacheOptions>) =>
  ensurePackage({ packageUrl: source(version), packageVersion: version, cacheDir, judgeToken: '', problemId, cache });
const tick = () => new Promise((r) => setTimeout(r, 15));

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-pkgcache-'));
  cacheDir = path.join(base, 'cache');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const idle = { leaseMs: 0, maxBytes: 1024 * 1024 * KB };

it('removes the other versions of a problem once a new one is unpacked, and keeps other problems', async () => {
  await get('p1-v1', 1, idle);
  await get('p2-v1', 2, idle);
  expect(cached()).toEqual(['p1-v1', 'p2-v1']);
  const dir = await get('p1-v2', 1, idle);
  expect(cached()).toEqual(['p1-v2', 'p2-v1']);
  expect(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')).toBe('{"name":"p1-v2"}');
  expect(fs.readdirSync(path.join(cacheDir, 'packages')).sort()).toEqual(['p1-v2', 'p1-v2.meta.json', 'p2-v1', 'p2-v1.meta.json']);
});

it('never removes a package held by a running judge, and removes it once released', async () => {
  await get('p1-v1', 1, idle);
  const held = await acquirePackage({ packageUrl: source('p1-v1'), packageVersion: 'p1-v1', cacheDir, judgeToken: '', problemId: 1 });
  await get('p1-v2', 1, idle);
  // Held, and over the size bound too: still there.
  expect(prunePackageCache(cacheDir, { leaseMs: 0, maxBytes: 0 })).toEqual(['p1-v2']);
  expect(cached()).toEqual(['p1-v1']);
  expect(fs.existsSync(path.join(held.dir, '1.in'))).toBe(true);
  held.release();
  held.release(); // twice is harmless
  expect(prunePackageCache(cacheDir, { leaseMs: 0, maxBytes: 0 })).toEqual(['p1-v1']);
  expect(cached()).toEqual([]);
});

it('counts a package used within the lease as in use (callers that do not release, other workers)', async () => {
  const lease = { leaseMs: 60_000, maxBytes: 1024 * 1024 * KB };
  await get('p3-v1', 3, lease);
  await get('p3-v2', 3, lease);
  expect(cached()).toEqual(['p3-v1', 'p3-v2']);
  expect(prunePackageCache(cacheDir, { ...lease, now: Date.now() + 30_000 })).toEqual([]);
  expect(prunePackageCache(cacheDir, { ...lease, now: Date.now() + 61_000 })).toEqual(['p3-v1']);
  expect(cached()).toEqual(['p3-v2']);
});

it('removes the least recently used packages beyond the size bound', async () => {
  const bound = { leaseMs: 0, maxBytes: 25 * KB };
  await get('a', 10, bound);
  await tick();
  await get('b', 11, bound);
  await tick();
  await get('a', 10, bound); // a is used again: b is now the least recently used
  await tick();
  await get('c', 12, bound);
  expect(cached()).toEqual(['a', 'c']);
  // A held package is skipped even when it is the least recently used.
  const held = await acquirePackage({ packageUrl: source('a'), packageVersion: 'a', cacheDir, judgeToken: '', problemId: 10 });
  await tick();
  await get('c', 12, bound);
  await tick();
  await get('d', 13, bound);
  expect(cached()).toEqual(['a', 'd']);
  held.release();
  const sizes = listPackageCache(cacheDir).map((p) => p.bytes);
  expect(sizes.every((b) => b > 10 * KB && b < 11 * KB)).toBe(true);
});

it('groups versions by the pid of a backend package URL and removes stale temp dirs', async () => {
  const zip = await new Promise<Buffer>((resolve) => {
    const z = new yazl.ZipFile();
    z.addBuffer(Buffer.from('{}'), 'problem.json');
    z.addBuffer(Buffer.from('1 2\n'), '1.in');
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
  });
  const server = http.createServer((_req, res) => res.end(zip));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = (version: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/judge/package?pid=7&version=${version}`;
  try {
    const stale = path.join(cacheDir, 'packages', 'u0.tmp-abc');
    fs.mkdirSync(stale, { recursive: true });
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(stale, old, old);
    await ensurePackage({ packageUrl: url('u1'), packageVersion: 'u1', cacheDir, judgeToken: 't', cache: { leaseMs: 60_000 } });
    expect(fs.existsSync(stale)).toBe(false);
    await ensurePackage({ packageUrl: url('u2'), packageVersion: 'u2', cacheDir, judgeToken: 't', cache: idle });
    expect(cached()).toEqual(['u2']);
    expect(listPackageCache(cacheDir)[0].problemId).toBe(7);
  } finally {
    server.close();
  }
});
