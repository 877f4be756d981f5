import { LIMITS } from './limits';

/** Texts of the contest rules (product §5, §6): servers and clients show exactly these. */
export const CONTEST_ERR = {
  titleRequired: 'The contest title is required.',
  startBeforeEnd: 'The start time must be earlier than the end time.',
  durationPositive: 'The contest duration must be greater than zero.',
  duplicateStarUsers: 'Star users must not be repeated.',
  passwordRequired: 'A private or protected contest needs a password.',
  sealTimeRequired: 'Please choose the time the rank is sealed.',
  problemIdRequired: 'The problem ID is required.',
  displayIdRequired: 'The display ID is required.',
  displayIdExists: 'This display ID is already used in the contest.',
  problemAlreadyInContest: 'The problem is already in the contest.',
  problemNotInContest: 'The problem is not in the contest.',
  wrongPassword: 'The contest password is wrong.',
  alreadyRegistered: 'You have already entered this contest.',
  notRegistered: 'Please enter the contest password first.',
  notStarted: 'The contest has not started yet.',
  accountLimited: 'Your account may not take part in this contest.',
  printClosed: 'Printing is not open in this contest.',
  printTooShort: `The print text must be at least ${LIMITS.printContentMin} characters.`,
  printEmpty: 'The print text can not be empty.',
  starUserRank: 'Star users are not ranked.',
  resolverNeedsSealedEnd: 'The resolver reveals a sealed ACM board once its contest has ended.',
} as const;
