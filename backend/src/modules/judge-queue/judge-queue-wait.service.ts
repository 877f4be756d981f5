import { Injectable } from '@nestjs/common';
import { JudgeStatus, QUEUE_RATE_SAMPLE, QUEUE_RATE_WINDOW_MS, QueueEstimate } from '@oj/contracts';
import { JudgeQueueService } from './judge-queue.service';

/** What the queue looks like now: the waiting jobs, the recent drain rate, and where the asked submissions stand. */
export interface QueueSnapshot {
  /** Jobs waiting for a worker (the wait list, or the paused one while the queue is paused). */
  waiting: number;
  /** Judgements finished per second lately; null when none finished within QUEUE_RATE_WINDOW_MS. */
  drainPerSecond: number | null;
  /** submitId → 1-based place (1 = next); absent when its job is not waiting (taken, retrying, gone). */
  positions: Map<number, number>;
}

/**
 * One round trip answers everything, however many submissions are asked (a status page of 30 rows):
 * - the position: Bull keeps the waiting jobs in one list already ordered by (priority, then arrival) — a job is
 *   inserted behind every job of the same or a better priority and workers take from the tail — so a job's place
 *   counted from the tail is the number of jobs taken before it. The scan stops once every asked id is found.
 * - the drain rate: Bull keeps finished jobs in the `completed` / `failed` sets scored by their finish time
 *   (judge jobs for 24 h), so the latest finishes are read from there and nothing else needs counting.
 * Everything lives in Redis, so every backend replica answers the same.
 *
 * KEYS: wait, paused, meta-paused, completed, failed. ARGV: since (ms), sample size, job ids...
 * Answer: { waiting, finishes counted, oldest counted finish (ms), position of each id (0: not waiting) }.
 */
const SNAPSHOT_SCRIPT = `
local list = KEYS[1]
if redis.call('EXISTS', KEYS[3]) == 1 then list = KEYS[2] end
local len = redis.call('LLEN', list)
local out = { len, 0, 0 }
local want, left = {}, 0
for i = 3, #ARGV do
  want[ARGV[i]] = i + 1
  out[i + 1] = 0
  left = left + 1
end
local seen, chunk = 0, 1000
while left > 0 and seen < len do
  local items = redis.call('LRANGE', list, -(seen + chunk), -(seen + 1))
  if #items == 0 then break end
  for j = #items, 1, -1 do
    seen = seen + 1
    local slot = want[items[j]]
    if slot then
      out[slot] = seen
      want[items[j]] = nil
      left = left - 1
    end
  end
end
local sample = tonumber(ARGV[2])
local times = {}
for _, set in ipairs({ KEYS[4], KEYS[5] }) do
  local r = redis.call('ZREVRANGEBYSCORE', set, '+inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, sample)
  for j = 2, #r, 2 do times[#times + 1] = tonumber(r[j]) end
end
table.sort(times, function(a, b) return a > b end)
local k = math.min(#times, sample)
out[2] = k
if k > 0 then out[3] = times[k] end
return out
`;

/** The estimate never divides by less than this (ms): one finish a moment ago does not mean an endless rate. */
const MIN_RATE_SPAN_MS = 1000;

/**
 * Where waiting submissions stand in the judge queue and how long they may wait (issue 38): the position counts the
 * jobs ahead by (priority, then arrival); the wait is position / the recent drain rate.
 */
@Injectable()
export class JudgeQueueWaitService {
  constructor(private readonly judgeQueue: JudgeQueueService) {}

  async snapshot(submitIds: readonly number[] = [], now = Date.now()): Promise<QueueSnapshot> {
    const queue = this.judgeQueue.queue;
    const ids = [...new Set(submitIds)].map(String);
    const answer = (await queue.client.eval(
      SNAPSHOT_SCRIPT,
      5,
      queue.toKey('wait'),
      queue.toKey('paused'),
      queue.toKey('meta-paused'),
      queue.toKey('completed'),
      queue.toKey('failed'),
      String(now - QUEUE_RATE_WINDOW_MS),
      String(QUEUE_RATE_SAMPLE),
      ...ids,
    )) as number[];
    const [waiting, finishes, oldest] = answer;
    const positions = new Map<number, number>();
    ids.forEach((id, i) => {
      if (answer[3 + i] > 0) positions.set(Number(id), answer[3 + i]);
    });
    // k finishes between the oldest counted one and now: a stalled queue (no finish for a while) reads slower
    // and slower instead of keeping its last pace.
    const drainPerSecond = finishes > 0 ? finishes / (Math.max(now - oldest, MIN_RATE_SPAN_MS) / 1000) : null;
    return { waiting, drainPerSecond, positions };
  }

  /** The estimate of one submission from a snapshot (null fields when its job is not waiting). */
  static estimate(snapshot: QueueSnapshot, submitId: number): QueueEstimate {
    const position = snapshot.positions.get(submitId) ?? null;
    const rate = snapshot.drainPerSecond;
    return { queuePosition: position, queueWaitSeconds: position != null && rate ? Math.ceil(position / rate) : null };
  }

  /**
   * The estimates of the waiting ones among `rows` (status Pending), the others' null, in one round trip — none at
   * all when no row is waiting.
   */
  async estimates(rows: readonly { submitId: number; status: number }[]): Promise<Map<number, QueueEstimate>> {
    const waiting = rows.filter((r) => r.status === JudgeStatus.Pending).map((r) => r.submitId);
    const out = new Map<number, QueueEstimate>();
    const snapshot = waiting.length ? await this.snapshot(waiting) : undefined;
    for (const r of rows)
      out.set(
        r.submitId,
        snapshot ? JudgeQueueWaitService.estimate(snapshot, r.submitId) : { queuePosition: null, queueWaitSeconds: null },
      );
    return out;
  }
}
