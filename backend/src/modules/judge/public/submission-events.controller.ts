import { CanActivate, Controller, ExecutionContext, Injectable, MessageEvent, Query, Sse, UseGuards } from '@nestjs/common';
import { ERR, JudgeStatus } from '@oj/contracts';
import type { Request } from 'express';
import { BadRequestError } from '../../../core/http/api.exception';
import { ApiTags } from '@nestjs/swagger';
import { Observable } from 'rxjs';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth } from '../../../core/auth/decorators';
import { RawResponse } from '../../../core/http/envelope.adapter';
import { SubmitIdQueryDto } from '../../submission/dto/submission.dto';
import { SubmissionService } from '../../submission/submission.service';
import { JudgeEventsService } from '../judge-events.service';
import { JudgeQueueWaitService } from '../../judge-queue/judge-queue-wait.service';

/**
 * The visibility check of the stream, done before it opens: once Nest has sent an event stream's headers a refusal
 * can only be an "error" event under HTTP 200; from a guard it is the usual envelope (403, 404) with its status.
 */
@Injectable()
class SubmissionVisibleGuard implements CanActivate {
  constructor(private readonly submissions: SubmissionService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const submitId = Number(req.query.submitId);
    if (!Number.isInteger(submitId) || submitId < 1 || submitId > 2147483647) throw new BadRequestError(ERR.badRequest);
    await this.submissions.findVisible(submitId, req.user);
    return true;
  }
}

/**
 * GET /api/submission-events?submitId= (Server-Sent Events): the current state at once, then every status
 * change and case progress until the final verdict; while Pending, the changes of its place in the queue and its
 * estimated wait. The polling calls keep working beside it.
 */
@ApiTags('submission')
@Controller()
export class SubmissionEventsController {
  constructor(
    private readonly submissions: SubmissionService,
    private readonly events: JudgeEventsService,
    private readonly queueWait: JudgeQueueWaitService,
  ) {}

  @OptionalAuth()
  @UseGuards(SubmissionVisibleGuard)
  @RawResponse()
  @Sse('submission-events')
  async stream(@Query() q: SubmitIdQueryDto, @CurrentUser() user?: AuthUser): Promise<Observable<MessageEvent>> {
    const { sub } = await this.submissions.findVisible(q.submitId, user);
    const estimate = (await this.queueWait.estimates([sub])).get(sub.submitId)!;
    const live = this.events.subscribe(sub.submitId);
    return new Observable<MessageEvent>((observer) => {
      const current = {
        submitId: sub.submitId,
        status: sub.status,
        time: sub.time,
        memory: sub.memory,
        score: sub.score,
        ...estimate,
        final: sub.counted,
      };
      observer.next({ data: current });
      if (sub.counted) {
        live.close();
        observer.complete();
        return;
      }
      const subscription = live.subscribe({
        next: (e) => observer.next({ data: e }),
        complete: () => observer.complete(),
      });
      // Its place in the queue moves as jobs ahead are taken: pushed like the status changes.
      if (sub.status === JudgeStatus.Pending) this.events.watchQueue(sub.submitId, estimate);
      // The verdict may have landed between the read above and the subscription.
      void this.events.pushStored(sub.submitId);
      return () => {
        subscription.unsubscribe();
        live.close();
      };
    });
  }
}
