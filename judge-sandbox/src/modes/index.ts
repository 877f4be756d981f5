/**
 * Judge modes by problem.json's `judgeMode`: each a module implementing JudgeMode (mode.ts). A new mode is a new
 * entry here; judge.ts and problem.ts ask this map instead of testing mode names.
 */
import type { JudgeMode, JudgeModeName } from './mode';
import { defaultMode } from './default';
import { specialMode } from './special';
import { interactiveMode } from './interactive';

export const JUDGE_MODES: Record<JudgeModeName, JudgeMode> = {
  default: defaultMode,
  spj: specialMode,
  interactive: interactiveMode,
};

/** The mode's module; a package naming no known mode is refused (the backend only stores the three). */
export function judgeModeOf(name: string): JudgeMode {
  if (!Object.hasOwn(JUDGE_MODES, name)) throw new Error(`unknown judge mode: ${name}`);
  return JUDGE_MODES[name as JudgeModeName];
}

export type { CaseContext, JudgeMode, JudgeModeName } from './mode';
export { OUTPUT_HEAD_BYTES } from './mode';
