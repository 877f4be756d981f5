import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { createValidationPipe } from '../../../core/http/validation.pipe';
import { GidQueryDto, JoinGroupDto, MemberListQueryDto, RemoveMemberQueryDto, UpdateMemberDto } from '../dto/group.dto';
import { GroupMemberService } from './group-member.service';
import { ThrottleSecretGuesses } from '../../../core/rate-limit/secret-guess.guard';
import { Audited } from '../../../core/audit/audited.decorator';
import { loadMember, memberId } from '../group-audit';

const validation = createValidationPipe();

/** Member calls under /api/group/ (HOJ GroupMemberController); every one needs a login. */
@ApiTags('group')
@Controller('group')
export class GroupMemberController {
  constructor(private readonly members: GroupMemberService) {}

  @Get('get-member-list')
  memberList(@Query() q: MemberListQueryDto, @CurrentUser() user: AuthUser) {
    return this.members.memberList(q, user);
  }

  @Get('get-apply-list')
  applyList(@Query() q: MemberListQueryDto, @CurrentUser() user: AuthUser) {
    return this.members.applyList(q, user);
  }

  /** HOJ reads gid, code and reason as request parameters: from the query string or a form/JSON body. */
  @Post('member')
  @ThrottleSecretGuesses()
  @HttpCode(200)
  @ApiBody({ type: JoinGroupDto })
  async join(@Req() req: Request, @CurrentUser() user: AuthUser): Promise<null> {
    const raw = { ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown> | undefined) ?? {}) };
    const dto = (await validation.transform(raw, { type: 'body', metatype: JoinGroupDto })) as JoinGroupDto;
    await this.members.join(dto, user);
    return null;
  }

  @Put('member')
  @Audited('group.member.update', { target: 'group-member', id: memberId, load: loadMember })
  async update(@Body() dto: UpdateMemberDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.members.update(dto, user);
    return null;
  }

  @Delete('member')
  @Audited('group.member.remove', { target: 'group-member', id: memberId, load: loadMember })
  async remove(@Query() q: RemoveMemberQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.members.remove(q.gid, q.uid, user);
    return null;
  }

  /** HOJ's path; `group/exit` (the spec's name) does the same. */
  @Delete('member/exit')
  async exit(@Query() q: GidQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.members.exit(q.gid, user);
    return null;
  }

  @Delete('exit')
  async exitAlias(@Query() q: GidQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.members.exit(q.gid, user);
    return null;
  }
}
