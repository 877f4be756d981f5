import { ContestStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import type { ContestAccess } from '../contest-access.service';
import { ContestVirtual } from '../entities/contest-virtual.entity';

/**
 * The caller's virtual run of the contest, once it has ended (a run starts only then): the run whose submissions the
 * contest's own lists (submissions, statuses, the latest try) show the caller beside the contest's.
 */
export async function ownVirtualRunId(runs: Repository<ContestVirtual>, a: ContestAccess): Promise<number | null> {
  if (!a.user || a.status !== ContestStatus.Ended || !a.contest.allowVirtual) return null;
  const run = await runs.findOne({ where: { cid: a.contest.id, uid: a.user.uid }, select: ['id'] });
  return run?.id ?? null;
}
