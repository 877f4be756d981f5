/** Contest and exam status (product §4). */
export const ContestStatus = { Scheduled: -1, Running: 0, Ended: 1 } as const;
export type ContestStatus = (typeof ContestStatus)[keyof typeof ContestStatus];

/** Contest and exam auth (product §4). */
export const ContestAuth = { Public: 0, Private: 1, Protected: 2 } as const;
export type ContestAuth = (typeof ContestAuth)[keyof typeof ContestAuth];

/**
 * The public (外) scoreboard of a contest: open for public and protected contests; a private one's only to those who
 * entered it with the password and to its admins (the server refuses others, so lists offer the link only then).
 */
export const outsideBoardVisible = (auth: ContestAuth, entered: boolean): boolean => auth !== ContestAuth.Private || entered;

/** Contest rule type (product §3). */
export const ContestType = { ACM: 0, OI: 1 } as const;
export type ContestType = (typeof ContestType)[keyof typeof ContestType];

/** OI score type: count the most recent or the highest submission per problem. */
export const OiScoreType = { Recent: 'Recent', Highest: 'Highest' } as const;
export type OiScoreType = (typeof OiScoreType)[keyof typeof OiScoreType];

/** How much of the contest the board is sealed for (product §4). */
export const SealMode = { UntilEnd: 'untilEnd', LastHalfHour: 'lastHalfHour', LastHour: 'lastHour', Whole: 'whole' } as const;
export type SealMode = (typeof SealMode)[keyof typeof SealMode];

/** What happens to a sealed board after the end (product §4). */
export const AfterEndSeal = { AutoUnseal: 'autoUnseal', Unseal: 'unseal', StaySealed: 'staySealed' } as const;
export type AfterEndSeal = (typeof AfterEndSeal)[keyof typeof AfterEndSeal];

export const RankShowName = { Username: 'username', Nickname: 'nickname', RealName: 'realname' } as const;
export type RankShowName = (typeof RankShowName)[keyof typeof RankShowName];

/** ACM penalty minutes per rejected try before the first AC. */
export const ACM_PENALTY_MINUTES = 20;

/** Training auth (product §4). */
export const TrainingAuth = { Public: 'Public', Private: 'Private' } as const;
export type TrainingAuth = (typeof TrainingAuth)[keyof typeof TrainingAuth];

/** Print request state (product §4). */
export const PrintStatus = { NotPrinted: 0, Printed: 1 } as const;

/** Status computed from the clock, so it is right between scheduler ticks. */
export function contestStatusAt(startTime: Date | string, endTime: Date | string, now: Date = new Date()): ContestStatus {
  const t = now.getTime();
  if (t < new Date(startTime).getTime()) return ContestStatus.Scheduled;
  if (t < new Date(endTime).getTime()) return ContestStatus.Running;
  return ContestStatus.Ended;
}
