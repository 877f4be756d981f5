import { JudgeStatus } from '@oj/contracts';

/**
 * Formats of the CCS Contest API (2023-06): absolute times as ISO 8601 with milliseconds and an offset, relative
 * times ("RELTIME") as `[-]h:mm:ss.uuu`, and our result codes as judgement types.
 */

/** `2026-12-06T11:13:22.000+00:00` (always UTC; the spec asks for an explicit offset). */
export function ccsTime(at: Date | string | null | undefined): string | null {
  if (at === null || at === undefined) return null;
  return new Date(at).toISOString().replace('Z', '+00:00');
}

/** A duration or a time relative to the contest's start: `h:mm:ss.uuu`, negative before the start. */
export function relTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let rest = Math.round(Math.abs(ms));
  const millis = rest % 1000;
  rest = Math.floor(rest / 1000);
  const s = rest % 60;
  rest = Math.floor(rest / 60);
  const m = rest % 60;
  const h = Math.floor(rest / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${sign}${h}:${two(m)}:${two(s)}.${String(millis).padStart(3, '0')}`;
}

export interface JudgementType {
  id: string;
  name: string;
  penalty: boolean;
  solved: boolean;
}

/** The judgement types this platform gives (the spec's well-known ids); penalty as our ACM board counts tries. */
export const JUDGEMENT_TYPES: JudgementType[] = [
  { id: 'AC', name: 'Accepted', penalty: false, solved: true },
  { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false },
  { id: 'PE', name: 'Presentation Error', penalty: true, solved: false },
  { id: 'TLE', name: 'Time Limit Exceeded', penalty: true, solved: false },
  { id: 'MLE', name: 'Memory Limit Exceeded', penalty: true, solved: false },
  { id: 'RTE', name: 'Run-Time Error', penalty: true, solved: false },
  { id: 'CE', name: 'Compile Error', penalty: false, solved: false },
  { id: 'JE', name: 'Judging Error', penalty: false, solved: false },
];

/** Our final result codes → judgement type id; undefined while not judged (or cancelled). */
export function judgementTypeOf(status: number): string | undefined {
  switch (status) {
    case JudgeStatus.Accepted:
      return 'AC';
    case JudgeStatus.WrongAnswer:
    case JudgeStatus.PartialAccepted:
      return 'WA';
    case JudgeStatus.PresentationError:
      return 'PE';
    case JudgeStatus.TimeLimitExceeded:
      return 'TLE';
    case JudgeStatus.MemoryLimitExceeded:
      return 'MLE';
    case JudgeStatus.RuntimeError:
      return 'RTE';
    case JudgeStatus.CompileError:
      return 'CE';
    case JudgeStatus.SystemError:
    case JudgeStatus.SubmittedFailed:
      return 'JE';
    default:
      return undefined;
  }
}

/** The event types of the feed, in the order a first sync writes them (the spec's dependency order). */
export const EVENT_TYPES = [
  'contest',
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'organizations',
  'teams',
  'state',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
