/** Turns a sandbox run of contestant code into a verdict (product §4 codes) and a message. */
import { JudgeStatus } from '@oj/contracts';
import type { RunResult } from './sandbox';

export interface RunVerdict {
  /** null: the program ended normally and its output must be checked. */
  status: JudgeStatus | null;
  message?: string;
}

/** Runtime messages that mean the program ran out of memory, whatever its exit looked like. */
const OUT_OF_MEMORY = [/java\.lang\.OutOfMemoryError/, /JavaScript heap out of memory/, /^MemoryError/m, /std::bad_alloc/];

export function runVerdict(run: RunResult, stderrHead: string): RunVerdict {
  switch (run.status) {
    case 'exited':
      return { status: null };
    case 'time-limit':
      return { status: JudgeStatus.TimeLimitExceeded, message: run.message };
    case 'memory-limit':
      return { status: JudgeStatus.MemoryLimitExceeded, message: run.message };
    case 'output-limit':
      return { status: JudgeStatus.RuntimeError, message: 'Output Limit Exceeded' };
    case 'syscall':
      return { status: JudgeStatus.RuntimeError, message: run.message };
    case 'error':
      return { status: JudgeStatus.SystemError, message: run.message };
    default:
      if (OUT_OF_MEMORY.some((re) => re.test(stderrHead))) {
        return { status: JudgeStatus.MemoryLimitExceeded, message: 'memory limit exceeded' };
      }
      return {
        status: JudgeStatus.RuntimeError,
        message: run.signal ? `Runtime Error (${run.signal})` : `Runtime Error (exit code ${run.exitCode})`,
      };
  }
}
