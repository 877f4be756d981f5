import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DiscussionCategory, DiscussionReportVO, DiscussionVO, Page, Role, PERMISSION } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { PageQueryDto } from '../../../core/pagination/pagination';
import {
  AdminDiscussionListQuery,
  AdminUpdateDiscussionDto,
  CategoryDto,
  CategoryIdQuery,
  UpdateReportDto,
} from '../dto/admin-discussion.dto';
import { DiscussionCategoryEntity } from '../entities/discussion-category.entity';
import { AdminDiscussionService } from './admin-discussion.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { discussionIds, loadDiscussion, loadDiscussionCategory, loadDiscussionReport, resultId } from '../discussion-audit';

/** Admin → Discussion (HOJ's AdminDiscussionController): admin-type roles moderate; root manages categories. */
@ApiTags('admin')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.discussionAdmin)
@Controller('admin')
export class AdminDiscussionController {
  constructor(private readonly admin: AdminDiscussionService) {}

  @Get('discussion')
  list(@Query() q: AdminDiscussionListQuery): Promise<Page<DiscussionVO>> {
    return this.admin.list(q);
  }

  @Put('discussion')
  @Audited('discussion.update', { target: 'discussion', id: fromBody('id'), load: loadDiscussion })
  async update(@Body() dto: AdminUpdateDiscussionDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.admin.update(dto, user);
    return null;
  }

  /** Body: the ids as a JSON array (HOJ) or `{ didList }`. */
  @Delete('discussion')
  @Audited('discussion.delete', { target: 'discussion', id: discussionIds, load: loadDiscussion })
  async remove(@Body() body: unknown, @CurrentUser() user: AuthUser): Promise<null> {
    await this.admin.remove(body, user);
    return null;
  }

  @Get('discussion-report')
  reports(@Query() q: PageQueryDto): Promise<Page<DiscussionReportVO>> {
    return this.admin.reports(q);
  }

  @Put('discussion-report')
  @Audited('discussion.report.handle', { target: 'discussion-report', id: fromBody('id'), load: loadDiscussionReport })
  async handleReport(@Body() dto: UpdateReportDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.admin.handleReport(dto.id, dto.status ?? true, user);
    return null;
  }

  @Get('discussion-category')
  categories(): Promise<DiscussionCategory[]> {
    return this.admin.categories();
  }

  @Roles(Role.Root)
  @Post('discussion-category')
  @Audited('discussion.category.create', { target: 'discussion-category', idFromResult: resultId, load: loadDiscussionCategory })
  createCategory(@Body() dto: CategoryDto): Promise<DiscussionCategoryEntity> {
    return this.admin.saveCategory({ name: dto.name });
  }

  @Roles(Role.Root)
  @Put('discussion-category')
  @Audited('discussion.category.update', { target: 'discussion-category', id: fromBody('id'), load: loadDiscussionCategory })
  updateCategory(@Body() dto: CategoryDto): Promise<DiscussionCategoryEntity> {
    return this.admin.saveCategory(dto);
  }

  @Roles(Role.Root)
  @Delete('discussion-category')
  @Audited('discussion.category.delete', { target: 'discussion-category', id: fromQuery('id'), load: loadDiscussionCategory })
  async removeCategory(@Query() q: CategoryIdQuery): Promise<null> {
    await this.admin.removeCategory(q.id);
    return null;
  }
}
