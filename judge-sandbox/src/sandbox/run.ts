/**
 * run(spec) → result: one command inside a fresh sandbox.
 *
 *   node (root) ─spawn as the run's own unprivileged uid─▶ launcher ─exec▶ bwrap ─▶ command
 *     bwrap: new user, pid, mount, net, ipc, uts and cgroup namespaces, read-only system dirs,
 *     private size-limited /w and /tmp, own /proc, no capabilities, seccomp filter, --die-with-parent.
 *
 * The launcher puts the run into its cgroup before anything of the user's runs, so every process
 * of the run is counted (CPU time, memory peak, pids) and killed together. On cgroup v1 it is dash,
 * which joins the cgroup itself and sets the rlimits (no round trip through the judge); on v2 only
 * root may move it, so prlimit sets the rlimits and bwrap waits on --block-fd until the judge has
 * moved its child (reported on --info-fd).
 */
import { spawn, ChildProcess } from 'child_process';
import { Readable, Writable } from 'stream';
import * as fs from 'fs';
import * as path from 'path';
import { RunCgroup, CgroupVersion, detectCgroups } from './cgroup';
import { followKernelLog } from './kmsg';
import { classify, errorResult } from './classify';
import { bwrapArgs } from './bwrap';
import { judgeConfig } from '../config';
import { preparedEligible, startPrepared } from './prepared';
import { closePreparedSandboxes, closePreparedWhenIdle } from './pool';
import { zygotePath } from './zygote';
import { SECCOMP_PROFILES, withoutExecSelf } from './seccomp';
import type { Mount, RunHandle, RunResult, RunSpec } from './types';
import { uidsInUse, takeUid, nextRunName, pendingRemovals, seccompFile, closeInheritedFds } from './common';

/**
 * How long a run's pipes may take to drain once its processes are gone. Node's 'close' of a child waits for its stdio
 * pipes to end, and a pipe whose reader stopped (an interactive peer that died with data still in it) never ends:
 * such a run used to never complete and held its judge slot for good. Past this grace the pipes are cut, so a run
 * always ends within its wall limit plus this. An interactor gets as long to read a finished program's last output.
 */
export const PIPE_GRACE_MS = 2000;

/** What is kept of a run's stderr; the rest is read and dropped, so a flood never stops the program. */
export const STDERR_KEEP_BYTES = 64 * 1024;

export function cgroupVersion(): CgroupVersion {
  return detectCgroups(judgeConfig().cgroup).version;
}

/**
 * CPU the sandbox itself spends inside the run's cgroup (on v1 the launcher joins before bwrap
 * builds the namespaces and mounts): the least of a few runs of /usr/bin/true, taken off every
 * reported time so an empty program measures about 0 ms.
 */
let baselineNs = 0;
let preparedBaselineNs = 0;
let calibration: Promise<void> | undefined;
export function calibrateSandbox(): Promise<void> {
  calibration ??= (async () => {
    const { bwrapPath } = judgeConfig();
    try {
      fs.accessSync(bwrapPath, fs.constants.X_OK);
    } catch {
      throw new Error(`bubblewrap not found at ${bwrapPath}: install the bubblewrap package, or set JUDGE_BWRAP`);
    }
    const spec: RunSpec = { args: ['/usr/bin/true'], timeLimitMs: 1000, memoryLimitKb: 64 * 1024, outputLimitBytes: 1024 };
    const least = async (launch: () => RunHandle): Promise<number> => {
      const samples: number[] = [];
      let failure = '';
      for (let i = 0; i < 5; i++) {
        const r = await launch().done;
        if (r.status === 'exited') samples.push(r.timeMs * 1e6);
        else failure = r.message ?? r.status;
      }
      // A sandbox that cannot run /usr/bin/true can judge nothing: say why at start, not per submission.
      if (!samples.length) throw new Error(`the sandbox does not work (bwrap ${judgeConfig().bwrapPath}): ${failure}`);
      return Math.min(...samples);
    };
    baselineNs = await least(() => startFresh(spec, 0));
    if (preparedEligible(spec)) preparedBaselineNs = await least(() => startPrepared(spec, 0));
  })();
  return calibration;
}

export function sandboxBaselineMs(): number {
  return baselineNs / 1e6;
}

/**
 * Resolves once every finished run's cgroup is removed and idle prepared sandboxes are closed.
 * `keepPreparedMs`: the idle prepared sandboxes stay for the next judgement and are closed after that
 * long unused (the worker between jobs).
 */
export async function settleRuns(options: { keepPreparedMs?: number } = {}): Promise<void> {
  while (pendingRemovals.size > 0) await Promise.all([...pendingRemovals]);
  if (options.keepPreparedMs) return closePreparedWhenIdle(options.keepPreparedMs);
  await closePreparedSandboxes();
  while (pendingRemovals.size > 0) await Promise.all([...pendingRemovals]);
}

/** Runs a command and waits for it. */
export async function run(spec: RunSpec): Promise<RunResult> {
  await calibrateSandbox();
  return start(spec).done;
}

/**
 * Starts a command; stdin/stdout are streams when the spec asks for 'pipe'. Plain runs use a
 * prepared sandbox (prepared.ts) unless JUDGE_SANDBOX=fresh; the rest get a fresh bubblewrap.
 */
export function start(spec: RunSpec): RunHandle {
  if (abortedFor !== undefined) {
    return { stdin: null, stdout: null, done: Promise.resolve(errorResult(abortedFor)), kill: () => undefined };
  }
  const handle = preparedEligible(spec) ? startPrepared(spec, preparedBaselineNs) : startFresh(spec, baselineNs);
  liveRuns.add(handle);
  void handle.done.finally(() => liveRuns.delete(handle));
  return handle;
}

/** Every run not yet ended, so that a stopping worker can end them at once. */
const liveRuns = new Set<RunHandle>();
let abortedFor: string | undefined;

/**
 * Ends every run now and refuses new ones (they end at once as 'error' with `reason`): a worker that stops must not
 * wait for its runs' limits, and what its judgements then return is thrown away (their jobs go to another worker).
 */
export function abortRuns(reason: string): void {
  abortedFor = reason;
  for (const handle of liveRuns) handle.kill();
}

/**
 * Accepts runs again once a stopped worker's runs have all ended: the refusal is this module's, so a process that
 * starts another worker after stopping one (the backend's tests do) would otherwise judge everything as errors.
 */
export function resumeRuns(): void {
  abortedFor = undefined;
}

let execSelfProblem: string | undefined;
/** The launcher's report of a call it refused ("X <nr>"), on a pipe the program never holds. */
const EXEC_REPORT_FD = 6;
/**
 * bubblewrap execs the command itself after installing its filter, so an exec-self profile's
 * rule is installed by the launcher binary in its `--exec` mode, mounted read-only with the filter.
 */
function execSelfWrapped(spec: RunSpec): RunSpec {
  const profile = spec.seccomp;
  if (!profile || !('execSelf' in SECCOMP_PROFILES[profile])) return spec;
  let helper: string;
  try {
    helper = zygotePath();
  } catch (err) {
    const why = (err as Error).message;
    if (execSelfProblem !== why) console.error(`[judge] exec-self rule off in fresh sandboxes: ${why}`);
    execSelfProblem = why;
    return { ...spec, seccomp: withoutExecSelf(profile) };
  }
  return {
    ...spec,
    seccomp: withoutExecSelf(profile),
    args: ['/.oj-exec', '--exec', '/.oj-filter', String(EXEC_REPORT_FD), '--', ...spec.args],
    mounts: [...(spec.mounts ?? []), { host: helper, sandbox: '/.oj-exec' }, { host: seccompFile(profile), sandbox: '/.oj-filter' }],
  };
}

/** The number in the launcher's "X <nr>" report, if it refused a call. */
function refusedByLauncher(report: string): number | undefined {
  const m = /^X (\d+)\n/.exec(report);
  return m ? Number(m[1]) : undefined;
}

/**
 * bwrap runs as the run's unprivileged uid and reports the sandbox's pid before its child binds the mounts, so a bind
 * source that uid cannot reach (a problem folder only root may enter) ended the child with exit 1 and "bwrap: Can't
 * find source path ..." on stderr: indistinguishable from the command's own exit 1, which a testlib checker or
 * interactor means as Wrong Answer. Checked here first, so that it is the judge's failure (System Error with the
 * reason). Not read from stderr: a contestant's program could print the same words to turn a counted failure into an
 * uncounted one. The run's uid owns nothing on the host, so every folder above a source must let others search it.
 */
function checkBindSources(mounts: Mount[]): void {
  for (const m of mounts) {
    const parts = path.resolve(m.host).split('/').filter(Boolean);
    let at = '';
    for (const [i, part] of parts.entries()) {
      at += `/${part}`;
      let st: fs.Stats;
      try {
        st = fs.statSync(at);
      } catch (err) {
        throw new Error(`bind source ${m.host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
      if (i < parts.length - 1 && st.isDirectory() && !(st.mode & 0o001)) {
        throw new Error(`bind source ${m.host}: ${at} is not searchable by the sandbox's uid (mode ${(st.mode & 0o777).toString(8)})`);
      }
    }
  }
}

function startFresh(original: RunSpec, cpuBaselineNs: number): RunHandle {
  const spec = execSelfWrapped(original);
  // Skip old kernel records before the first run, so a refused call is matched to its own run.
  followKernelLog();
  closeInheritedFds();
  const uid = takeUid();
  const wallLimitMs = spec.wallLimitMs ?? spec.timeLimitMs * 3 + 1000;
  const memoryBytes = spec.memoryLimitKb * 1024;
  const startedAt = Date.now();
  const fds: number[] = [];
  const openFd = (p: string, flags: string | number): number => {
    const fd = fs.openSync(p, flags, 0o644);
    fds.push(fd);
    return fd;
  };
  const closeFds = (): void => {
    for (const fd of fds.splice(0)) fs.closeSync(fd);
  };

  let cg: RunCgroup | undefined;
  let child: ChildProcess;
  let stderrFd: number | undefined;
  const closeStderr = (): void => {
    if (stderrFd !== undefined) fs.closeSync(stderrFd);
    stderrFd = undefined;
  };
  const version = detectCgroups(judgeConfig().cgroup).version;
  const selfJoin = version !== 'v2' && judgeConfig().launcher !== 'handshake';
  try {
    cg = RunCgroup.create(nextRunName(), {
      memoryBytes,
      pids: spec.pidsLimit ?? 64,
    });
    if (spec.workDir) fs.chownSync(spec.workDir, uid, uid);
    checkBindSources(spec.mounts ?? []);
    const stdin = spec.stdin === 'pipe' ? 'pipe' : spec.stdin ? openFd(spec.stdin, 'r') : 'ignore';
    const stdout = spec.stdout === 'pipe' ? 'pipe' : spec.stdout ? openFd(spec.stdout, 'w') : 'ignore';
    // stderr through a pipe: a flood is cut at STDERR_KEEP_BYTES instead of hitting RLIMIT_FSIZE.
    const stderr = spec.stderr ? 'pipe' : 'ignore';
    if (spec.stderr) stderrFd = fs.openSync(spec.stderr, 'w', 0o644);
    const seccompFd = spec.seccomp === null ? null : openFd(seccompFile(spec.seccomp ?? 'default'), 'r');
    const stackKb = spec.stackLimitKb ?? spec.memoryLimitKb;
    const cpuSec = Math.ceil(spec.timeLimitMs / 1000) + 1;
    const nofile = spec.openFilesLimit ?? 64;
    // fd 3: bwrap's --info-fd (child pid); fd 4: --block-fd (v2 only); fd 5: the seccomp filter;
    // fd 6: the exec-self launcher's report (EXEC_REPORT_FD).
    const report = spec.args[0] === '/.oj-exec' ? 'pipe' : 'ignore';
    const stdio = [stdin, stdout, stderr, 'pipe', selfJoin ? 'ignore' : 'pipe', seccompFd ?? 'ignore', report] as const;
    if (selfJoin) {
      // v1: the launching shell (already the run's uid) joins the run's cgroup itself and sets
      // the rlimits, then becomes bwrap: no round trip through the judge before the run starts.
      cg.delegateProcs(uid);
      const script = [
        ...cg.procsFiles().map((f) => `echo $$ > ${f}`),
        `ulimit -s ${stackKb}`,
        `ulimit -f ${Math.ceil(spec.outputLimitBytes / 512)}`,
        `ulimit -n ${nofile}`,
        'ulimit -c 0',
        `ulimit -t ${cpuSec}`,
        'exec "$0" "$@"',
      ].join(' && ');
      const args = bwrapArgs(spec, uid, seccompFd === null ? null : 5, false);
      child = spawn(judgeConfig().shellPath, ['-c', script, judgeConfig().bwrapPath, ...args], {
        uid,
        gid: uid,
        stdio: [...stdio],
        env: {},
      });
    } else {
      // v2: only root may move a process between cgroups it does not own; bwrap waits on
      // --block-fd until the judge has moved its child.
      const limits = [
        `--stack=${stackKb * 1024}`,
        `--fsize=${spec.outputLimitBytes}`,
        `--nofile=${nofile}`,
        '--core=0',
        `--cpu=${cpuSec}:${cpuSec + 1}`,
      ];
      const args = bwrapArgs(spec, uid, seccompFd === null ? null : 5, true);
      child = spawn('prlimit', [...limits, '--', judgeConfig().bwrapPath, ...args], { uid, gid: uid, stdio: [...stdio], env: {} });
    }
  } catch (err) {
    closeFds();
    closeStderr();
    const cgroup = cg;
    uidsInUse.delete(uid);
    const removal = (async () => cgroup?.destroy())().finally(() => pendingRemovals.delete(removal));
    pendingRemovals.add(removal);
    const done = removal.then(() => errorResult(`sandbox setup failed: ${(err as Error).message}`));
    return { stdin: null, stdout: null, done, kill: () => undefined };
  }
  closeFds();
  const cgroup = cg;
  let stderrKept = 0;
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderrFd === undefined || stderrKept >= STDERR_KEEP_BYTES) return;
    const part = chunk.subarray(0, STDERR_KEEP_BYTES - stderrKept);
    fs.writeSync(stderrFd, part);
    stderrKept += part.length;
  });
  child.stderr?.on('error', () => undefined);
  const info = child.stdio[3] as Readable;
  let reported = '';
  const reportPipe = (child.stdio as unknown as (Readable | null)[])[EXEC_REPORT_FD] ?? null;
  reportPipe?.on('data', (chunk: Buffer) => {
    if (reported.length < 64) reported += chunk.toString();
  });
  reportPipe?.on('error', () => undefined);
  const block = child.stdio[4] as Writable | null;
  let setupError: string | undefined;
  let killedFor: 'time-limit' | 'wall' | 'killed' | undefined;
  let sandboxPid: number | undefined;
  let infoBuf = '';
  info.on('data', (chunk: Buffer) => {
    infoBuf += chunk.toString();
    const m = infoBuf.match(/"child-pid":\s*(\d+)/);
    if (m && sandboxPid === undefined) {
      sandboxPid = Number(m[1]);
      if (selfJoin) return;
      try {
        cgroup.addProcess(sandboxPid);
        block?.end('x');
      } catch (err) {
        setupError = `cgroup: ${(err as Error).message}`;
        killEverything();
      }
    }
  });
  info.on('error', () => undefined);
  block?.on('error', () => undefined);

  // Kill what is inside the sandbox (the pid namespace's init and everything in the cgroup) and let
  // the outer bwrap reap it and exit: killing the outer bwrap first would orphan its child as a
  // zombie of the host's init.
  const killEverything = (): void => {
    // The outer bwrap (child.pid, in the cgroup when the shell joined it) is spared while its
    // sandbox is alive, so it can reap the sandbox's init and exit by itself.
    cgroup.killAll(sandboxPid === undefined ? undefined : child.pid);
    if (sandboxPid !== undefined) {
      try {
        process.kill(sandboxPid, 'SIGKILL');
      } catch {
        // gone
      }
    } else {
      try {
        child.kill('SIGKILL');
      } catch {
        // gone
      }
    }
  };

  // CPU time is checked in the cgroup (all processes); the wall limit catches sleeping programs.
  const pollMs = Math.max(10, Math.min(100, Math.floor(spec.timeLimitMs / 10)));
  const poll = setInterval(() => {
    // The wall limit leaves out the time the run waited for a CPU (cgroup.ts waitedNs).
    // …and not while a thread of it is runnable (cgroup.ts anyRunnable: a wait in progress is in no count yet).
    if (Date.now() - startedAt - cgroup.waitedNs() / 1e6 > wallLimitMs && !cgroup.anyRunnable()) {
      killedFor = 'wall';
      killEverything();
      return;
    }
    if (cgroup.stats().cpuNs / 1e6 > spec.timeLimitMs) {
      killedFor = 'time-limit';
      killEverything();
    }
  }, pollMs);

  let pipeTimer: NodeJS.Timeout | undefined;
  const done = new Promise<RunResult>((resolve) => {
    child.on('error', (err) => {
      setupError = `spawn: ${err.message}`;
    });
    child.on('exit', () => {
      // Every process of the run is gone (the pid namespace died with its init); what is left is the pipes.
      pipeTimer = setTimeout(() => {
        for (const stream of child.stdio as unknown as (Readable | Writable | null)[]) stream?.destroy();
      }, PIPE_GRACE_MS);
    });
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(pipeTimer);
      closeStderr();
      // The pid namespace dies with its init, but a process may still be between fork and
      // the kernel's kill; make sure the cgroup is empty before reading and removing it.
      cgroup.killAll();
      const wallMs = Date.now() - startedAt;
      const stats = cgroup.stats();
      const stderrHead = (): string => {
        try {
          return spec.stderr ? fs.readFileSync(spec.stderr).subarray(0, 500).toString().trim() : '';
        } catch {
          return ''; // no stderr file
        }
      };
      if (sandboxPid === undefined && !setupError) {
        // bwrap (or the launcher) failed before the sandbox existed; its complaint is on stderr.
        const why = stderrHead();
        setupError = `sandbox did not start (exit ${code ?? signal})${why ? `: ${why}` : ''}`;
      }
      void (async () => {
        const result = await classify({
          spec,
          code,
          signal,
          stats,
          wallMs,
          killedFor,
          setupError,
          uid,
          startedAt,
          cpuBaselineNs,
          refusedSyscall: refusedByLauncher(reported),
        });
        // The verdict is known; removing the cgroup (the kernel may need a moment to release
        // the dead tasks) happens off the critical path. settleRuns() waits for it.
        resolve(result);
        const removal = cgroup
          .destroy()
          .catch((err: Error) => console.error(`[judge] cgroup not removed: ${err.message}`))
          .finally(() => {
            uidsInUse.delete(uid);
            pendingRemovals.delete(removal);
          });
        pendingRemovals.add(removal);
      })();
    });
  });

  return {
    stdin: spec.stdin === 'pipe' ? child.stdin : null,
    stdout: spec.stdout === 'pipe' ? child.stdout : null,
    done,
    kill: () => {
      killedFor ??= 'killed';
      killEverything();
    },
  };
}
