/**
 * Special judge in its own sandbox, by one of two conventions:
 * - testlib: `checker <input> <output> <answer>`; exit codes 0 ok, 1 wrong answer, 2 presentation
 *   error, 3 fail (→ System Error), 7 points (the score is the first number on stderr);
 * - domjudge (the Kattis output validator convention, which DOMjudge follows):
 *   `validator <input> <judge answer> <feedback dir>/` with the program's output on stdin; exit 42
 *   accepted, 43 wrong answer, anything else a judge error; the message is the feedback dir's
 *   judgemessage.txt (or teammessage.txt, or stderr).
 */
import * as fs from 'fs';
import * as path from 'path';
import { JudgeStatus } from '@oj/contracts';
import type { CompileResult } from '../compile';
import { readHead, truncate } from '../compile';
import { run, RunResult, SANDBOX_WORK_DIR } from '../sandbox';

export interface CheckerVerdict {
  status: JudgeStatus;
  /** For points (exit 7): the score the checker gave, capped at the case score. */
  score?: number;
  message?: string;
  /** The built-in checkers' expected and found data, for admins only (see CaseResult.detail). */
  detail?: string;
}

export const CHECKER_LIMITS = { timeLimitMs: 10000, memoryLimitKb: 512 * 1024, outputLimitBytes: 16 * 1024 * 1024 };

export function checkerExitVerdict(protocol: 'testlib' | 'domjudge', result: RunResult, stderr: string, caseScore: number): CheckerVerdict {
  const message = truncate(stderr.trim(), 1024) || undefined;
  if (result.status !== 'exited' && result.status !== 'nonzero') {
    return { status: JudgeStatus.SystemError, message: `checker failed: ${result.message ?? result.status}` };
  }
  const code = result.exitCode ?? -1;
  if (protocol === 'domjudge') {
    if (code === 42) return { status: JudgeStatus.Accepted, message };
    if (code === 43) return { status: JudgeStatus.WrongAnswer, message };
    return { status: JudgeStatus.SystemError, message: `checker exit code ${code}: ${message ?? ''}`.trim() };
  }
  switch (code) {
    case 0:
      return { status: JudgeStatus.Accepted, message };
    case 1:
    case 4:
    case 8:
      return { status: JudgeStatus.WrongAnswer, message };
    case 2:
      return { status: JudgeStatus.PresentationError, message };
    case 7: {
      const m = stderr.match(/-?\d+(?:\.\d+)?/);
      const points = m ? Math.max(0, Math.min(caseScore, Number(m[0]))) : 0;
      const status = points <= 0 ? JudgeStatus.WrongAnswer : points >= caseScore ? JudgeStatus.Accepted : JudgeStatus.PartialAccepted;
      return { status, score: points, message };
    }
    default:
      return { status: JudgeStatus.SystemError, message: `checker exit code ${code}: ${message ?? ''}`.trim() };
  }
}

export async function runChecker(p: {
  checker: CompileResult;
  protocol: 'testlib' | 'domjudge';
  input: string;
  output: string;
  answer: string;
  caseScore: number;
  scratch: string;
  extraFiles?: Record<string, string>;
}): Promise<CheckerVerdict> {
  const stderr = path.join(p.scratch, 'checker.err');
  const stdout = path.join(p.scratch, 'checker.out');
  const w = SANDBOX_WORK_DIR;
  const kattis = p.protocol === 'domjudge';
  const feedback = kattis ? feedbackDir(p.scratch) : undefined;
  const mounts = [
    { host: p.checker.dir, sandbox: '/p' },
    { host: p.input, sandbox: `${w}/input` },
    ...(kattis ? [] : [{ host: p.output, sandbox: `${w}/output` }]),
    { host: p.answer, sandbox: `${w}/answer` },
    ...(feedback ? [{ host: feedback, sandbox: FEEDBACK_DIR, writable: true }] : []),
    ...extraFileMounts(p.scratch, 'checker-files', p.extraFiles),
  ];
  const limits = { memoryLimitKb: CHECKER_LIMITS.memoryLimitKb, stackLimitKb: CHECKER_LIMITS.memoryLimitKb };
  const args = kattis ? [`${w}/input`, `${w}/answer`, `${FEEDBACK_DIR}/`] : [`${w}/input`, `${w}/output`, `${w}/answer`];
  const result = await run({
    args: [...p.checker.language.run(limits, p.checker.entry), ...args],
    ...CHECKER_LIMITS,
    pidsLimit: p.checker.language.pidsLimit,
    // Kattis validators read the program's output on stdin.
    stdin: kattis ? p.output : undefined,
    stdout,
    stderr,
    mounts,
    seccomp: p.checker.language.seccomp,
  });
  // testlib writes its verdict text to stderr; some checkers use stdout; Kattis validators the feedback dir.
  const text = (feedback && feedbackMessage(feedback)) || readHead(stderr, 4096) || readHead(stdout, 4096);
  return checkerExitVerdict(p.protocol, result, text, p.caseScore);
}

/** Where a Kattis validator (or interactor) finds its feedback directory inside the sandbox. */
export const FEEDBACK_DIR = `${SANDBOX_WORK_DIR}/feedback`;

/** A fresh feedback directory for one validator run, writable by the sandbox's uid. */
export function feedbackDir(scratch: string): string {
  const dir = path.join(scratch, 'feedback');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o777);
  return dir;
}

/** judgemessage.txt, else teammessage.txt, of a feedback directory (first 4 KB). */
export function feedbackMessage(dir: string): string {
  for (const name of ['judgemessage.txt', 'teammessage.txt']) {
    const file = path.join(dir, name);
    try {
      if (fs.lstatSync(file).isFile()) {
        const text = readHead(file, 4096).trim();
        if (text) return text;
      }
    } catch {
      // not written
    }
  }
  return '';
}

/** Writes extra files (name → content) into a scratch dir and mounts each read-only in /w. */
export function extraFileMounts(scratch: string, sub: string, files?: Record<string, string>) {
  if (!files) return [];
  const dir = path.join(scratch, sub);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  return Object.entries(files).map(([name, content]) => {
    const safe = path.basename(name);
    fs.writeFileSync(path.join(dir, safe), content, { mode: 0o644 });
    return { host: path.join(dir, safe), sandbox: `${SANDBOX_WORK_DIR}/${safe}` };
  });
}
