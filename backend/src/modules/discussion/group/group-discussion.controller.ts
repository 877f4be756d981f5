import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { DidQuery, UpdateDiscussionDto } from '../dto/discussion.dto';
import { GroupPageQueryDto } from '../../group/dto/group.dto';
import { CreateGroupDiscussionDto, GroupDiscussionListQueryDto } from './group-discussion.dto';
import { GroupDiscussionService } from './group-discussion.service';

/** A group's discussion area (HOJ GroupDiscussionController); login required. */
@ApiTags('group')
@Controller('group')
export class GroupDiscussionController {
  constructor(private readonly discussions: GroupDiscussionService) {}

  @Get('get-discussion-list')
  list(@Query() q: GroupDiscussionListQueryDto, @CurrentUser() user: AuthUser) {
    return this.discussions.list(q.gid, q, user);
  }

  @Get('get-admin-discussion-list')
  adminList(@Query() q: GroupPageQueryDto, @CurrentUser() user: AuthUser) {
    return this.discussions.adminList(q.gid, q, user);
  }

  @Post('discussion')
  @HttpCode(200)
  create(@Body() dto: CreateGroupDiscussionDto, @CurrentUser() user: AuthUser) {
    return this.discussions.create(dto, user);
  }

  @Put('discussion')
  async update(@Body() dto: UpdateDiscussionDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.discussions.update(dto, user);
    return null;
  }

  @Delete('discussion')
  async remove(@Query() q: DidQuery, @CurrentUser() user: AuthUser): Promise<null> {
    await this.discussions.remove(q.did, user);
    return null;
  }
}
