import { OtherContest } from '@oj/contracts';

/** One outside judge's upcoming contests. Add a judge by providing another fetcher in OTHER_CONTEST_FETCHERS. */
export interface OtherContestFetcher {
  readonly oj: string;
  fetchUpcoming(): Promise<OtherContest[]>;
}

export const OTHER_CONTEST_FETCHERS = Symbol('OTHER_CONTEST_FETCHERS');

const FETCH_TIMEOUT_MS = 15_000;

interface CodeforcesContest {
  id: number;
  name: string;
  phase: string;
  startTimeSeconds?: number;
  durationSeconds: number;
}

/** Codeforces' public API (contest.list): contests in phase BEFORE. */
export class CodeforcesFetcher implements OtherContestFetcher {
  readonly oj = 'Codeforces';

  constructor(private readonly apiBase = 'https://codeforces.com') {}

  async fetchUpcoming(): Promise<OtherContest[]> {
    const res = await fetch(`${this.apiBase}/api/contest.list?gym=false`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    const body = (await res.json()) as { status: string; result?: CodeforcesContest[] };
    if (body.status !== 'OK' || !Array.isArray(body.result)) throw new Error(`Codeforces answered ${body.status}`);
    return body.result
      .filter((c) => c.phase === 'BEFORE' && typeof c.startTimeSeconds === 'number')
      .map((c) => ({
        oj: this.oj,
        title: c.name,
        url: `https://codeforces.com/contests/${c.id}`,
        beginTime: new Date(c.startTimeSeconds! * 1000).toISOString(),
        endTime: new Date((c.startTimeSeconds! + c.durationSeconds) * 1000).toISOString(),
      }));
  }
}
