/**
 * The modes that judge the program's output after it ended (default comparer, special judge): run it on the case's
 * input (stdin, or the named file in file IO mode) and hand its output to the mode's check, unless the run itself
 * decided the case (TLE, MLE, RE, ...).
 */
import * as fs from 'fs';
import * as path from 'path';
import type { CaseResult } from '@oj/contracts';
import { readHead } from '../compile';
import { run, Mount, SANDBOX_WORK_DIR } from '../sandbox';
import type { CheckerVerdict } from '../checkers/special';
import { runVerdict } from '../verdict';
import { CaseContext, OUTPUT_HEAD_BYTES, scored } from './mode';

/** Judges a case by its output: `check` is given the file holding what the program wrote. */
export async function judgeOutput(ctx: CaseContext, check: (output: string) => Promise<CheckerVerdict>): Promise<CaseResult> {
  const { problem, testCase, spec, caseDir, stderr, base } = ctx;
  // Input on stdin, or as the named file in file IO mode; the answer is never mounted.
  const output = path.join(caseDir, 'output');
  const mounts: Mount[] = [...spec.mounts!, ...ctx.userFiles];
  const fileIO = problem.pkg.fileIO;
  if (fileIO?.input) mounts.push({ host: testCase.input, sandbox: `${SANDBOX_WORK_DIR}/${path.basename(fileIO.input)}` });
  if (fileIO?.output) {
    fs.writeFileSync(output, '', { mode: 0o666 });
    fs.chmodSync(output, 0o666);
    mounts.push({ host: output, sandbox: `${SANDBOX_WORK_DIR}/${path.basename(fileIO.output)}`, writable: true });
  }
  const runResult = await run({
    ...spec,
    mounts,
    stdin: fileIO?.input ? undefined : testCase.input,
    stdout: fileIO?.output ? path.join(caseDir, 'stdout') : output,
    stderr,
  });
  const measured = { time: runResult.timeMs, memory: runResult.memoryKb, outputHead: readHead(output, OUTPUT_HEAD_BYTES) };
  const own = runVerdict(runResult, readHead(stderr, 4096));
  if (own.status !== null) return { ...base, ...measured, status: own.status, score: 0, message: own.message };
  return { ...base, ...measured, ...scored(await check(output), testCase) };
}
