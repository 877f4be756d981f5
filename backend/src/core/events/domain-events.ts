/**
 * What modules tell each other without depending on each other (issue 33: dependencies go one way). A module that
 * sits low in the graph (judge) announces an event; modules above it (contest, exam, training) react. A request is
 * the other direction: a module above asks for work that one module below does, without importing it.
 * Adding one: name it `<owner>.<what happened>` (events) or `<owner>.<do what>` (requests) and give its payload here.
 */

/** A judge result as stored, announced once its transaction has committed (and a rejudge's reset to Pending). */
export interface JudgeResultWritten {
  submitId: number;
  uid: string;
  pid: number;
  cid: number;
  /** The exam it was made in (0 outside exams). */
  eid: number;
  /** The training it was made in (null outside trainings). */
  tid: number | null;
  displayPid: string;
  status: number;
  score: number | null;
  time: number | null;
  submitTime: Date;
}

/** Events: every subscriber is called, on the replica that announced it. */
export interface DomainEvents {
  /** The judge module wrote a result (or reset one for a rejudge). */
  'judge.result-written': JudgeResultWritten;
}

/** Requests: exactly one module answers each. */
export interface DomainRequests {
  /** Send one submission back to the judge queue (the judge module's RejudgeService). */
  'judge.rejudge': { payload: { submitId: number }; answer: { submitId: number; status: number } };
}
