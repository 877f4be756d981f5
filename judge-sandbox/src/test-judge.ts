/** "Run on custom input" and "does this checker compile?" jobs. */
import * as fs from 'fs';
import * as path from 'path';
import { JudgeStatus } from '@oj/contracts';
import type { CompileCheckJobData, CompileCheckResult, TestJudgeJobData, TestJudgeResult } from '@oj/contracts';
import { compile, compileCached, newWorkDir, readHead } from './compile';
import { findLanguage } from './languages';
import { programSpec } from './judge';
import { run, settleRuns } from './sandbox';
import { runVerdict } from './verdict';
import { compareOutput } from './checkers/compare';

/** Bytes of stdout / stderr returned to the user. */
export const TEST_JUDGE_OUTPUT_BYTES = 64 * 1024;

export async function testJudge(data: TestJudgeJobData): Promise<TestJudgeResult> {
  const language = findLanguage(data.language);
  const empty = { time: 0, memory: 0, stdout: '', stderr: '', exitCode: null };
  if (!language) return { ...empty, status: JudgeStatus.SystemError, message: `Language not available: ${data.language}` };
  const scratch = newWorkDir('test');
  const compiled = await compile(language, data.code);
  try {
    if (!compiled.ok) return { ...empty, status: JudgeStatus.CompileError, compileInfo: compiled.message };
    const input = path.join(scratch, 'input');
    fs.writeFileSync(input, data.input ?? '', { mode: 0o644 });
    const stdout = path.join(scratch, 'stdout');
    const stderr = path.join(scratch, 'stderr');
    const memoryKb = data.memoryLimitMb * 1024;
    const result = await run({
      ...programSpec(
        language,
        compiled.dir,
        {
          timeLimitMs: Math.round(data.timeLimitMs * language.timeFactor),
          memoryLimitKb: memoryKb,
          stackLimitKb: Math.min(data.stackLimitMb ?? data.memoryLimitMb, data.memoryLimitMb) * 1024,
          outputLimitBytes: 16 * 1024 * 1024,
        },
        compiled.entry,
      ),
      stdin: input,
      stdout,
      stderr,
    });
    const out = readHead(stdout, TEST_JUDGE_OUTPUT_BYTES);
    const err = readHead(stderr, TEST_JUDGE_OUTPUT_BYTES);
    const own = runVerdict(result, err);
    let status = own.status;
    let message = own.message;
    if (status === null) {
      if (data.expectedOutput !== undefined && data.expectedOutput !== null) {
        const cmp = compareOutput(fs.readFileSync(stdout), Buffer.from(data.expectedOutput), true);
        status = cmp.status;
        // The expected output is the caller's own here: the detail may be shown.
        message = cmp.detail ? `${cmp.message}: ${cmp.detail}` : cmp.message;
      } else {
        status = JudgeStatus.Accepted;
      }
    }
    return {
      status,
      time: result.timeMs,
      memory: result.memoryKb,
      stdout: out,
      stderr: err,
      exitCode: result.exitCode,
      signal: result.signal,
      message,
      compileInfo: compiled.message || undefined,
    };
  } finally {
    await settleRuns();
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(compiled.dir, { recursive: true, force: true });
  }
}

export async function compileCheck(data: CompileCheckJobData): Promise<CompileCheckResult> {
  const language = findLanguage(data.language);
  if (!language) return { ok: false, message: `Language not available: ${data.language}` };
  if (data.asChecker) {
    // Into the checker cache: saving the problem checks the same code again, and its first judgement runs it.
    const checker = await compileCached(language, data.code);
    await settleRuns();
    return { ok: checker.ok, message: checker.message, ...(checker.run?.status === 'time-limit' ? { timedOut: true } : {}) };
  }
  const compiled = await compile(language, data.code, { asChecker: data.asChecker });
  await settleRuns();
  fs.rmSync(compiled.dir, { recursive: true, force: true });
  return { ok: compiled.ok, message: compiled.message };
}
