import { Controller, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import type { Request, Response } from 'express';
import { AuthRequest } from '../../../core/auth/auth-user';
import { Roles } from '../../../core/auth/decorators';
import { TokenService } from '../../../core/auth/token.service';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_COOKIE_PATH, QUEUE_BOARD_PATH } from './queue-board';

/** Opens the Bull dashboard for root (not in HOJ): the admin menu calls this, then navigates to `path`. */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/queues')
export class AdminQueuesController {
  @ApiOperation({
    summary: "Root only: puts the caller's session token in an HttpOnly cookie limited to the dashboard's path; answers its address",
  })
  @Post('session')
  session(@Req() req: Request & AuthRequest, @Res({ passthrough: true }) res: Response): { path: string } {
    const token = TokenService.extract(req.headers.authorization)!;
    const secure = req.secure ? '; Secure' : '';
    const maxAge = Math.max(0, (req.token?.exp ?? 0) - Math.floor(Date.now() / 1000));
    res.setHeader(
      'Set-Cookie',
      `${QUEUE_BOARD_COOKIE}=${encodeURIComponent(token)}; Path=${QUEUE_BOARD_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
    );
    return { path: `${QUEUE_BOARD_PATH}/` };
  }
}
