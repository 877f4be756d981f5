/** Shared by the fresh and the prepared sandbox: outer uids, seccomp filter files, pending cgroup removals. */
import * as fs from 'fs';
import * as crypto from 'crypto';
import * as path from 'path';
import { seccompFilter } from './seccomp';
import type { SeccompProfileName } from './types';
import { judgeConfig } from '../config';

export const uidsInUse = new Set<number>();
export function takeUid(): number {
  const { sandboxUidBase, sandboxUidCount } = judgeConfig();
  for (let i = 0; i < sandboxUidCount; i++) {
    const uid = sandboxUidBase + ((nextUid + i) % sandboxUidCount);
    if (!uidsInUse.has(uid)) {
      uidsInUse.add(uid);
      nextUid = (nextUid + i + 1) % sandboxUidCount;
      return uid;
    }
  }
  throw new Error('no free sandbox uid');
}
let nextUid = 0;
let runCounter = 0;
/** A unique cgroup name for this judge process (`run-<pid>-<n>`, swept at start when the pid is gone). */
export function nextRunName(): string {
  return `run-${process.pid}-${++runCounter}`;
}
export const pendingRemovals = new Set<Promise<void>>();

/**
 * Removes scratch files in the thread pool, off the judge's event loop (removing a directory waits on
 * the file system: about 2 ms on ext4 mounted with discard); settleRuns waits for it.
 */
export function removeLater(target: string): void {
  const removal: Promise<void> = fs.promises
    .rm(target, { recursive: true, force: true })
    .catch((err: Error) => console.error(`[judge] scratch not removed: ${err.message}`))
    .finally(() => pendingRemovals.delete(removal));
  pendingRemovals.add(removal);
}

const seccompFiles = new Map<string, string>();
/**
 * bwrap reads the filter from a file descriptor: the compiled filter lives in the (root-owned)
 * cache dir under a name that carries its content hash, written once and shared by every run.
 */
export function seccompFile(profile: SeccompProfileName): string {
  let file = seccompFiles.get(profile);
  if (!file || !fs.existsSync(file)) {
    const filter = seccompFilter(profile);
    const dir = path.join(judgeConfig().cacheDir, 'seccomp');
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    const hash = crypto.createHash('sha256').update(filter).digest('hex').slice(0, 16);
    file = path.join(dir, `${profile}-${hash}.bpf`);
    if (!fs.existsSync(file)) {
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, filter, { mode: 0o644 });
      fs.renameSync(tmp, file);
    }
    seccompFiles.set(profile, file);
  }
  return file;
}

let inheritedFdsClosed = false;
/**
 * Descriptors the judge inherited without close-on-exec (from whatever started it) would be
 * passed on to every sandbox, and bubblewrap does not close them. Node's own descriptors are all
 * close-on-exec, so the others are closed once, before the first run (except Node's IPC channel).
 */
export function closeInheritedFds(): void {
  if (inheritedFdsClosed) return;
  inheritedFdsClosed = true;
  const ipc = Number(process.env.NODE_CHANNEL_FD ?? -1);
  for (const name of fs.readdirSync('/proc/self/fdinfo')) {
    const fd = Number(name);
    if (fd <= 2 || fd === ipc) continue;
    try {
      const flags = fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').match(/^flags:\s+([0-7]+)/m);
      if (flags && (parseInt(flags[1], 8) & 0o2000000) === 0) fs.closeSync(fd);
    } catch {
      // the fd of the readdir itself, or closed meanwhile
    }
  }
}
