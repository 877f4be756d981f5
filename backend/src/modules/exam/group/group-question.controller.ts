import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { AdminQuestionListQueryDto, QidQueryDto, QuestionBodyDto, UpdateQuestionDto } from '../admin/admin-exam.dto';
import { GroupQuestionService } from './group-question.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadQuestion, resultId } from '../exam-audit';

/** get-question-list: the exam bank's list filters with the group's id. */
class GroupQuestionListQueryDto extends AdminQuestionListQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
}

/** A group's question bank; login required. */
@ApiTags('group')
@Controller('group')
export class GroupQuestionController {
  constructor(private readonly questions: GroupQuestionService) {}

  @Get('get-question-list')
  list(@Query() q: GroupQuestionListQueryDto, @CurrentUser() user: AuthUser) {
    return this.questions.list(q.gid, q, user);
  }

  @Get('question')
  get(@Query() q: QidQueryDto, @CurrentUser() user: AuthUser) {
    return this.questions.get(q.qid, user);
  }

  @Post('question')
  @Audited('question.create', { target: 'question', idFromResult: resultId, load: loadQuestion })
  @HttpCode(200)
  create(@Body() dto: QuestionBodyDto, @CurrentUser() user: AuthUser) {
    return this.questions.create(dto, user);
  }

  @Put('question')
  @Audited('question.update', { target: 'question', id: fromBody('id'), load: loadQuestion })
  update(@Body() dto: UpdateQuestionDto, @CurrentUser() user: AuthUser) {
    return this.questions.update(dto.id, dto, user);
  }

  @Delete('question')
  @Audited('question.delete', { target: 'question', id: fromQuery('qid'), load: loadQuestion })
  async remove(@Query() q: QidQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.questions.remove(q.qid, user);
    return null;
  }
}
