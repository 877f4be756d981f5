/**
 * Texts and constants of the problem bank and the judging pipeline (product §5, §7, §8) that the
 * shared catalogue in errors.ts does not hold. Server and clients show exactly these.
 */
export const JUDGING_ERR = {
  submitForbidden: 'Sorry, your account is not allowed to submit.',
  submitTooFrequent: (seconds: number) => `Sorry, your submission is too frequent, please try again in ${seconds} seconds!`,
  languageNotAllowed: 'The language is not allowed for this problem.',
  problemIdExists: 'The problem ID already exists.',
  /** Issue 34: import-remote-oj-problem. */
  remoteOjUnknown: 'This remote judge is not supported.',
  remoteProblemIdInvalid: 'The problem ID is not valid for this remote judge.',
  remoteProblemExists: 'This remote problem has been imported already.',
  /** The answer's data names the site, the step and the cause ("[HDU] fetch: no such problem"). */
  remoteImportFailed: 'Importing the remote problem failed.',
  remoteAccountExists: 'This account of the remote judge exists already.',
  remoteAccountNotFound: 'The remote judge account does not exist.',
  problemIdRequired: 'The problem ID is required.',
  titleRequired: 'The title is required.',
  fileIONameRequired: 'File IO mode needs an input or output file name.',
  duplicateTags: 'Tags must not be duplicated.',
  scoreInvalid: 'The score must be an integer of at least 0.',
  tooManyExamples: 'No more than 2 examples are advised.',
  testcaseRequired: 'The problem needs at least one test case.',
  caseGroupsInvalid:
    'The test groups are invalid: each group needs a number, a score of at least 0, a rule and a case, and each grouped case a defined group.',
  exportSelectionEmpty: 'Please select at least one problem to export.',
  resubmitOnlyFailed: 'Only a submission that failed to be submitted can be resubmitted.',
  rejudgeUnfinished: 'The submission is still being judged.',
  manualJudgeCompileError: 'A submission that failed to compile can not be judged by hand.',
  manualJudgeStatus: 'This verdict can not be given by hand.',
  testJudgeNotFound: 'The test judge result does not exist or has expired.',
  tagExists: 'The tag already exists.',
  tagClassificationExists: 'The tag classification already exists.',
  judgeUnavailable: 'No judge server is available, please try again later.',
  spjCompileTimeout: 'Special judge code compilation timed out: the judge server is busy, please try again later.',
  interactiveCompileTimeout: 'Interactive judge code compilation timed out: the judge server is busy, please try again later.',
  testcaseEmpty: 'Sorry, the test data of this problem is empty!',
  testcaseDownloadLimit: (max: number) => `Sorry, you can download test data at most ${max} times a day, please try again tomorrow!`,
} as const;

/** How long a test judge ("run on custom input") result is kept in Redis. */
export const TEST_JUDGE_TTL_SEC = 600;
/** Most characters of custom input a test judge takes. */
export const TEST_JUDGE_INPUT_MAX = 65535;
/** Redis key of the last known judge languages, kept when no worker is up. */
export const JUDGE_LANGUAGES_KEY = 'oj:judge:languages';
/** The last known languages of one queue's workers (see judgeServerKey). */
export const judgeLanguagesKey = (bullPrefix: string): string => `${JUDGE_LANGUAGES_KEY}:${bullPrefix}`;
