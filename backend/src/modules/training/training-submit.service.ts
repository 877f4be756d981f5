import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../core/auth/auth-user';
import type { Problem } from '../problem/entities/problem.entity';
import { ProblemService } from '../problem/problem.service';
import { TrainingAccessService } from './training-access.service';
import { TrainingService } from './training.service';

/**
 * `submit-problem-judge` with a `tid` (HOJ): the caller must be let into the training (product §6: public, or the
 * password entered, or its admin) and the problem must be in it; then the submission module stores it with
 * the tid, and its result moves the training's rank (TrainingResultListener).
 */
@Injectable()
export class TrainingSubmitService {
  constructor(
    private readonly access: TrainingAccessService,
    private readonly trainings: TrainingService,
    private readonly problems: ProblemService,
  ) {}

  async resolve(tid: number, pid: string, user: AuthUser): Promise<{ tid: number; problem: Problem }> {
    const a = await this.access.access(tid, user);
    this.access.assertCanView(a);
    const tp = await this.trainings.problemForSubmit(tid, pid);
    return { tid, problem: await this.problems.findById(tp.pid) };
  }
}
