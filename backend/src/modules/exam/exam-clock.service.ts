import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestStatus, contestStatusAt } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { advanceStatusByClock, TIMED_CLOCK_INTERVAL_MS } from '../timed-event/timed-clock';
import { JudgeResultWritten } from '../../core/events/domain-events';
import { EventBus } from '../../core/events/event-bus';
import { ExamAccessService } from './exam-access.service';
import { PaperScoringService } from './scoring/paper-scoring.service';

/**
 * The exam clock (the timed-event module's `advanceStatusByClock`, as the contest clock): moves exam.status, and scores every paper of an
 * exam with autoRealScore when it ends. Judge results of exam submissions re-score the candidate's paper once
 * the exam has been scored (late verdicts after the end).
 */
@Injectable()
export class ExamClockService implements OnModuleInit {
  private readonly logger = new Logger(ExamClockService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: ExamAccessService,
    private readonly scoring: PaperScoringService,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    // Announced by the judge module, which sits above this one (as for the contest listener).
    this.bus.on('judge.result-written', (r) => this.onResult(r));
  }

  @Interval(TIMED_CLOCK_INTERVAL_MS)
  async tick(now: Date = new Date()): Promise<number> {
    const { moved, ended } = await advanceStatusByClock(this.db, 'exam', now);
    for (const eid of ended) {
      const exam = await this.access.exam(eid);
      if (!exam?.autoRealScore) continue;
      const started = Date.now();
      const papers = await this.scoring.scorePapers(exam);
      this.access.forget(eid);
      this.logger.log(`exam ${eid} ended: ${papers} paper(s) scored in ${Date.now() - started} ms`);
    }
    return moved;
  }

  private async onResult(r: JudgeResultWritten): Promise<void> {
    if (!r.eid) return;
    const exam = await this.access.exam(r.eid);
    if (!exam || contestStatusAt(exam.startTime, exam.endTime) !== ContestStatus.Ended || !exam.scoredAt) return;
    await this.scoring.scorePapers(exam, [r.uid]);
  }
}
