/**
 * Names the system call a seccomp filter refused. The kernel logs every seccomp kill as an
 * audit record ("audit: type=1326 ... uid=62001 ... syscall=101") on /dev/kmsg; each run has its
 * own outer uid, so the record of a run is found by uid. Where /dev/kmsg cannot be read (most
 * containers), the verdict stays RE and the message says a system call was refused without a name.
 */
import * as fs from 'fs';
import { SYSCALL_NAMES } from './seccomp';

interface SeccompRecord {
  uid: number;
  syscall: number;
  at: number;
}

let stream: fs.ReadStream | undefined;
let available: boolean | undefined;
const records: SeccompRecord[] = [];
const waiters = new Set<() => void>();

function start(): boolean {
  if (available !== undefined) return available;
  try {
    const fd = fs.openSync('/dev/kmsg', fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    fs.closeSync(fd);
  } catch {
    available = false;
    return false;
  }
  available = true;
  // Each read() of /dev/kmsg returns one record; start at the end so old records are ignored.
  const startedAt = Date.now();
  stream = fs.createReadStream('/dev/kmsg', { highWaterMark: 8192 });
  stream.on('data', (chunk: Buffer | string) => {
    const text = chunk.toString();
    for (const m of text.matchAll(/type=1326 .*?\buid=(\d+)\b.*?\bsyscall=(\d+)/g)) {
      records.push({ uid: Number(m[1]), syscall: Number(m[2]), at: Date.now() });
    }
    while (records.length > 200) records.shift();
    for (const w of waiters) w();
  });
  stream.on('error', () => {
    available = false;
  });
  // Records before start are replayed once on open; drop them.
  setTimeout(() => {
    for (let i = records.length - 1; i >= 0; i--) if (records[i].at <= startedAt + 100) records.splice(i, 1);
  }, 200).unref();
  (stream as unknown as { unref?: () => void }).unref?.();
  return true;
}

/** Starts following the kernel log (call once when the sandbox starts). */
export function followKernelLog(): void {
  start();
}

/** Stops following (tests and worker shutdown). */
export function stopKernelLog(): void {
  stream?.destroy();
  stream = undefined;
  available = undefined;
  records.length = 0;
}

/** The name of the call refused for this uid since `sinceMs`, waiting up to `waitMs` for the record. */
export async function refusedSyscallName(uid: number, sinceMs: number, waitMs = 300): Promise<string | undefined> {
  if (!start()) return undefined;
  const find = (): string | undefined => {
    const rec = records.find((r) => r.uid === uid && r.at >= sinceMs - 5);
    if (!rec) return undefined;
    records.splice(records.indexOf(rec), 1);
    return SYSCALL_NAMES[rec.syscall] ?? `syscall ${rec.syscall}`;
  };
  const now = find();
  if (now) return now;
  return new Promise((resolve) => {
    const done = (v: string | undefined): void => {
      waiters.delete(check);
      clearTimeout(timer);
      resolve(v);
    };
    const check = (): void => {
      const v = find();
      if (v) done(v);
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    waiters.add(check);
  });
}
