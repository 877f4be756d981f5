import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { INestApplication } from '@nestjs/common';
import { ERR } from '@oj/contracts';
import type { NextFunction, Request, Response } from 'express';
import { TokenService } from '../../../core/auth/token.service';
import { SessionService } from '../../../core/auth/session.service';
import { errorEnvelope } from '../../../core/http/envelope';
import { UserStatus } from '../../../core/auth/entities/user.entity';
import { JudgeQueueService } from '../../judge-queue/judge-queue.service';

/** Where the Bull dashboard is served (its pages and its own JSON calls). */
export const QUEUE_BOARD_PATH = '/api/admin/queues/board';
/** Cookie carrying root's session token to the dashboard (a browser navigation sends no Authorization header). */
export const QUEUE_BOARD_COOKIE = 'oj_queue_board';
export const QUEUE_BOARD_COOKIE_PATH = '/api/admin/queues';

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * Only root passes: the token in the dashboard cookie (set by POST /api/admin/queues/session, see
 * AdminQueuesController) or in an Authorization header is checked as every API call's is (signature, expiry,
 * revocation, disabled account), then the role.
 */
function rootOnly(tokens: TokenService, sessions: SessionService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const raw = TokenService.extract(req.headers.authorization) ?? cookie(req, QUEUE_BOARD_COOKIE);
    if (!raw) {
      res.status(401).json(errorEnvelope(401, ERR.loginFirst));
      return;
    }
    const payload = tokens.verify(raw);
    void (payload ? sessions.resolve(payload) : Promise.resolve(null)).then(
      (user) => {
        if (!user) res.status(401).json(errorEnvelope(401, ERR.loginAgain));
        else if (user.status === UserStatus.Disabled || !user.isRoot) res.status(403).json(errorEnvelope(403, ERR.noPermission));
        else next();
      },
      (e: Error) => next(e),
    );
  };
}

/** Mounts the Bull dashboard (@bull-board) of the judge queue for root, before Nest's own routes. */
export function mountQueueBoard(app: INestApplication): void {
  const queue = app.get(JudgeQueueService, { strict: false }).queue;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: [new BullAdapter(queue, { description: 'submissions, compile checks and test judges' })],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'OJ judge queue' } },
  });
  app.use(
    QUEUE_BOARD_PATH,
    rootOnly(app.get(TokenService, { strict: false }), app.get(SessionService, { strict: false })),
    serverAdapter.getRouter(),
  );
}
