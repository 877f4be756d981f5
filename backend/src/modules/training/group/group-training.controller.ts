import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import {
  AddTrainingProblemDto,
  AdminTrainingDto,
  AdminTrainingProblemListQueryDto,
  ChangeTrainingStatusDto,
  RemoveTrainingProblemDto,
  UpdateTrainingProblemDto,
} from '../dto/admin-training.dto';
import { TidQueryDto } from '../dto/training.dto';
import { GroupItemListQueryDto } from '../../group/dto/group.dto';
import { AddTrainingProblemFromGroupDto } from './group-training.dto';
import { GroupTrainingService } from './group-training.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadTraining, loadTrainingProblemLink, loadTrainingProblems, resultId, trainingIdOfBody } from '../training-audit';

/** A group's trainings and their problems (HOJ GroupTrainingController); login required. */
@ApiTags('group')
@Controller('group')
export class GroupTrainingController {
  constructor(private readonly trainings: GroupTrainingService) {}

  @Get('get-training-list')
  list(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.trainings.list(q.gid, q, user);
  }

  @Get('get-admin-training-list')
  adminList(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.trainings.adminList(q.gid, q, user);
  }

  @Get('training')
  get(@Query() q: TidQueryDto, @CurrentUser() user: AuthUser) {
    return this.trainings.get(q.tid, user);
  }

  @Post('training')
  @Audited('training.create', { target: 'training', idFromResult: resultId, load: loadTraining })
  @HttpCode(200)
  create(@Body() dto: AdminTrainingDto, @CurrentUser() user: AuthUser) {
    return this.trainings.create(dto, user);
  }

  @Put('training')
  @Audited('training.update', { target: 'training', id: trainingIdOfBody, load: loadTraining })
  update(@Body() dto: AdminTrainingDto, @CurrentUser() user: AuthUser) {
    return this.trainings.update(dto, user);
  }

  @Delete('training')
  @Audited('training.delete', { target: 'training', id: fromQuery('tid'), load: loadTraining })
  remove(@Query() q: TidQueryDto, @CurrentUser() user: AuthUser) {
    return this.trainings.remove(q.tid, user);
  }

  @Put('change-training-status')
  @Audited('training.visibility', { target: 'training', id: fromQuery('tid'), load: loadTraining })
  changeStatus(@Query() q: ChangeTrainingStatusDto, @CurrentUser() user: AuthUser) {
    return this.trainings.changeStatus(q, user);
  }

  @Get('get-training-problem-list')
  problems(@Query() q: AdminTrainingProblemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.trainings.problemList(q, user);
  }

  @Put('training-problem')
  @Audited('training.problem.update', { target: 'training-problem', id: fromBody('id'), load: loadTrainingProblemLink })
  updateProblem(@Body() dto: UpdateTrainingProblemDto, @CurrentUser() user: AuthUser) {
    return this.trainings.updateProblem(dto, user);
  }

  @Delete('training-problem')
  @Audited('training.problem.remove', { target: 'training', id: fromQuery('tid'), load: loadTrainingProblems })
  removeProblem(@Query() q: RemoveTrainingProblemDto, @CurrentUser() user: AuthUser) {
    return this.trainings.removeProblem(q.tid, q.pid, user);
  }

  @Post('add-training-problem-from-public')
  @Audited('training.problem.add', { target: 'training', id: fromBody('tid'), load: loadTrainingProblems })
  @HttpCode(200)
  addFromPublic(@Body() dto: AddTrainingProblemDto, @CurrentUser() user: AuthUser) {
    return this.trainings.addFromPublic(dto, user);
  }

  @Post('add-training-problem-from-group')
  @Audited('training.problem.add', { target: 'training', id: fromQuery('tid'), load: loadTrainingProblems })
  @HttpCode(200)
  addFromGroup(@Query() q: AddTrainingProblemFromGroupDto, @CurrentUser() user: AuthUser) {
    return this.trainings.addFromGroup(q.problemId, q.tid, user);
  }
}
