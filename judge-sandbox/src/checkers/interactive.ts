/**
 * Interactive judging: the program and the interactor run at the same time, each in its own sandbox,
 * connected by pipes (program stdout → interactor stdin, interactor stdout → program stdin). The
 * interactor is `interactor <input> <output>` (testlib) or, by the Kattis convention (protocol
 * domjudge), `interactor <input> <judge answer> <feedback dir>/` exiting 42 / 43. The interactor's
 * verdict decides, unless the program itself failed (TLE, MLE, RE) for a reason other than the
 * interactor hanging up on it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { JudgeStatus } from '@oj/contracts';
import type { CompileResult } from '../compile';
import { readHead } from '../compile';
import { start, RunResult, RunSpec, SANDBOX_WORK_DIR } from '../sandbox';
import { checkerExitVerdict, CheckerVerdict, CHECKER_LIMITS, extraFileMounts, FEEDBACK_DIR, feedbackDir, feedbackMessage } from './special';
import { runVerdict } from '../verdict';

export interface InteractiveOutcome {
  verdict: CheckerVerdict;
  program: RunResult;
}

export async function runInteractive(p: {
  program: Omit<RunSpec, 'stdin' | 'stdout'>;
  interactor: CompileResult;
  protocol: 'testlib' | 'domjudge';
  input: string;
  /** The judge's answer file (given to a Kattis interactor). */
  answer: string;
  caseScore: number;
  scratch: string;
  extraFiles?: Record<string, string>;
}): Promise<InteractiveOutcome> {
  const w = SANDBOX_WORK_DIR;
  const tout = path.join(p.scratch, 'interactor.tout');
  fs.writeFileSync(tout, '', { mode: 0o666 });
  fs.chmodSync(tout, 0o666);
  const interStderr = path.join(p.scratch, 'interactor.err');
  const limits = { memoryLimitKb: CHECKER_LIMITS.memoryLimitKb, stackLimitKb: CHECKER_LIMITS.memoryLimitKb };
  const kattis = p.protocol === 'domjudge';
  const feedback = kattis ? feedbackDir(p.scratch) : undefined;
  const prog = start({ ...p.program, stdin: 'pipe', stdout: 'pipe' });
  const inter = start({
    args: [
      ...p.interactor.language.run(limits, p.interactor.entry),
      ...(kattis ? [`${w}/input`, `${w}/answer`, `${FEEDBACK_DIR}/`] : [`${w}/input`, `${w}/output`]),
    ],
    timeLimitMs: Math.max(CHECKER_LIMITS.timeLimitMs, p.program.timeLimitMs * 2),
    wallLimitMs: (p.program.wallLimitMs ?? p.program.timeLimitMs * 3 + 1000) + 2000,
    memoryLimitKb: CHECKER_LIMITS.memoryLimitKb,
    outputLimitBytes: CHECKER_LIMITS.outputLimitBytes,
    pidsLimit: p.interactor.language.pidsLimit,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: interStderr,
    mounts: [
      { host: p.interactor.dir, sandbox: '/p' },
      { host: p.input, sandbox: `${w}/input` },
      ...(feedback
        ? [
            { host: p.answer, sandbox: `${w}/answer` },
            { host: feedback, sandbox: FEEDBACK_DIR, writable: true },
          ]
        : [{ host: tout, sandbox: `${w}/output`, writable: true }]),
      ...extraFileMounts(p.scratch, 'interactor-files', p.extraFiles),
    ],
    seccomp: p.interactor.language.seccomp,
  });
  // A side that hangs up makes the other's writes fail with EPIPE; that is the peer's problem to
  // report (the interactor sees EOF), not an error of the judge.
  for (const s of [prog.stdin, prog.stdout, inter.stdin, inter.stdout]) s?.on('error', () => undefined);
  if (prog.stdout && prog.stdin && inter.stdout && inter.stdin) {
    prog.stdout.pipe(inter.stdin);
    inter.stdout.pipe(prog.stdin);
  } else {
    // One side's sandbox could not be set up (its run ends as 'error'): the other has no peer.
    prog.kill();
    inter.kill();
  }

  let interactorDone = false;
  const interResult = inter.done.then((r) => {
    interactorDone = true;
    // The interactor has decided; a program still running cannot change a wrong answer.
    if (r.exitCode !== (kattis ? 42 : 0)) prog.kill();
    else setTimeout(() => prog.kill(), 1000 + p.program.timeLimitMs).unref();
    return r;
  });
  const progResult = prog.done.then((r) => {
    if (!interactorDone) {
      // The program is gone: the interactor reads EOF and decides; give it a moment.
      setTimeout(() => inter.kill(), 2000).unref();
    }
    return r;
  });
  const [programRun, interactorRun] = await Promise.all([progResult, interResult]);
  const stderr = (feedback && feedbackMessage(feedback)) || readHead(interStderr, 4096);
  const verdict = checkerExitVerdict(p.protocol, interactorRun, stderr, p.caseScore);
  // The judge's own failure (a sandbox that could not be set up, for either side) is System Error with its reason,
  // whatever the other side did: never a verdict on the program.
  // A side that never started names the cause first (the other was only killed for want of a peer).
  const sides = [
    ['program', programRun],
    ['interactor', interactorRun],
  ] as const;
  for (const [who, r] of prog.stdout ? [...sides].reverse() : sides) {
    if (r.status === 'error') return { verdict: { status: JudgeStatus.SystemError, message: `${who}: ${r.message}` }, program: programRun };
  }
  const own = runVerdict(programRun, '');
  // Killed because the interactor hung up or had already decided: the interactor's verdict counts.
  const hungUp = programRun.status === 'signaled' && (programRun.signal === 'SIGPIPE' || programRun.signal === 'SIGKILL');
  if (own.status !== null && !(verdict.status !== JudgeStatus.Accepted && hungUp)) {
    return { verdict: { status: own.status, message: own.message }, program: programRun };
  }
  return { verdict, program: programRun };
}
