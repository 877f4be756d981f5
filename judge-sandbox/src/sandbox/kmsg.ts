/**
 * Names the system call a seccomp filter refused. The kernel logs every seccomp kill as an
 * audit record ("audit: type=1326 ... uid=62001 ... syscall=101") on /dev/kmsg; each run has its
 * own outer uid, so the record of a run is found by uid. Where /dev/kmsg cannot be read (most
 * containers), the verdict stays RE and the message says a system call was refused without a name.
 *
 * /dev/kmsg is read non-blocking and only when a run died of SIGSYS: a blocking reader would hold
 * a libuv thread forever and keep node from exiting.
 */
import * as fs from 'fs';
import { judgeConfig } from '../config';
import { SYSCALL_NAMES } from './seccomp';

interface SeccompRecord {
  uid: number;
  syscall: number;
  at: number;
}

let fd: number | null | undefined;
const records: SeccompRecord[] = [];
const buf = Buffer.alloc(8192);

function drain(): void {
  if (fd === null || fd === undefined) return;
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(fd, buf, 0, buf.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') continue; // records overwritten while we read: skip ahead
      return; // EAGAIN: nothing more
    }
    if (n <= 0) return;
    const m = buf
      .subarray(0, n)
      .toString()
      .match(/type=1326 .*?\buid=(\d+)\b.*?\bsyscall=(\d+)/);
    if (m) records.push({ uid: Number(m[1]), syscall: Number(m[2]), at: Date.now() });
  }
}

/** Opens /dev/kmsg and skips what is already logged (call once when the sandbox starts). */
export function followKernelLog(): void {
  if (fd !== undefined) return;
  const file = judgeConfig().kernelLog;
  if (!file) {
    fd = null;
    return;
  }
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    drain();
    records.length = 0;
  } catch {
    fd = null;
  }
}

export function stopKernelLog(): void {
  if (fd !== null && fd !== undefined) fs.closeSync(fd);
  fd = undefined;
  records.length = 0;
}

/** The name of the call refused for this uid, waiting up to `waitMs` for the kernel's record. */
export async function refusedSyscallName(uid: number, waitMs = 300): Promise<string | undefined> {
  followKernelLog();
  if (fd === null) return undefined;
  const deadline = Date.now() + waitMs;
  for (;;) {
    drain();
    const now = Date.now();
    for (let i = records.length - 1; i >= 0; i--) if (now - records[i].at > 60000) records.splice(i, 1);
    const rec = records.find((r) => r.uid === uid);
    if (rec) {
      records.splice(records.indexOf(rec), 1);
      return SYSCALL_NAMES[rec.syscall] ?? `syscall ${rec.syscall}`;
    }
    if (now >= deadline) return undefined;
    await new Promise((r) => setTimeout(r, 10));
  }
}
