import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { imageInterceptor } from '../../upload/image-interceptor';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth } from '../../../core/auth/decorators';
import { GidQueryDto, GroupBodyDto, GroupListQueryDto } from '../dto/group.dto';
import { GroupService } from '../group.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadGroup } from '../group-audit';

/** Group calls of product §7 with HOJ's names and parameters (GroupController). Login unless said otherwise. */
@ApiTags('group')
@Controller()
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  @OptionalAuth()
  @Get('get-group-list')
  list(@Query() q: GroupListQueryDto, @CurrentUser() user?: AuthUser) {
    return this.groups.list(q, user);
  }

  @Get('get-group-detail')
  detail(@Query() q: GidQueryDto, @CurrentUser() user: AuthUser) {
    return this.groups.detail(q.gid, user);
  }

  @Get('get-group-access')
  access(@Query() q: GidQueryDto, @CurrentUser() user: AuthUser) {
    return this.groups.hasAccess(q.gid, user);
  }

  @Get('get-group-auth')
  auth(@Query() q: GidQueryDto, @CurrentUser() user: AuthUser) {
    return this.groups.level(q.gid, user);
  }

  /** HOJ's GroupSetting page: a multipart `image` and the `gid` as a form field. */
  @Post('file/upload-group-avatar')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: "Set a group's avatar (fields image and gid; gif, jpg, png, bmp, webp; at most 2 MB); the group's level 5 or root",
  })
  @UseInterceptors(imageInterceptor())
  uploadAvatar(@Body() q: GidQueryDto, @UploadedFile() image: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.groups.uploadAvatar(q.gid, image, user);
  }

  @Get('get-group-create-rules')
  @ApiOperation({ summary: 'What creating a group asks of the caller, shown before the form (PostingRules; not in HOJ)' })
  createRules(@CurrentUser() user: AuthUser) {
    return this.groups.createRules(user);
  }

  @Post('group')
  @Audited('group.create', { target: 'group', after: (req) => req.body })
  @HttpCode(200)
  async create(@Body() body: GroupBodyDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.groups.create(body, user);
    return null;
  }

  @Put('group')
  @Audited('group.update', { target: 'group', id: fromBody('id'), load: loadGroup })
  async update(@Body() body: GroupBodyDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.groups.update(body, user);
    return null;
  }

  @Delete('group')
  @Audited('group.delete', { target: 'group', id: fromQuery('gid'), load: loadGroup })
  async remove(@Query() q: GidQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.groups.remove(q.gid, user);
    return null;
  }
}
