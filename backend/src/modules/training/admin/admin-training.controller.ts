import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role, PERMISSION } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import {
  AddTrainingProblemDto,
  AdminTrainingDto,
  AdminTrainingListQueryDto,
  AdminTrainingProblemListQueryDto,
  CategoryIdQueryDto,
  ChangeTrainingStatusDto,
  RemoveTrainingProblemDto,
  TrainingCategoryDto,
  UpdateTrainingProblemDto,
} from '../dto/admin-training.dto';
import { TidQueryDto } from '../dto/training.dto';
import { AdminTrainingCategoryService } from './admin-training-category.service';
import { AdminTrainingProblemService } from './admin-training-problem.service';
import { AdminTrainingService } from './admin-training.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import {
  loadTraining,
  loadTrainingCategory,
  loadTrainingProblemLink,
  loadTrainingProblems,
  resultId,
  trainingIdOfBody,
} from '../training-audit';

/**
 * /api/admin/training with HOJ's names. Admin-type roles (root, admin, problem admin) reach it; changing a
 * training is for its author and root (checked in the services).
 */
@ApiTags('admin training')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.trainingAdmin)
@Controller('admin/training')
export class AdminTrainingController {
  constructor(
    private readonly trainings: AdminTrainingService,
    private readonly problems: AdminTrainingProblemService,
    private readonly categories: AdminTrainingCategoryService,
  ) {}

  @Get('get-training-list')
  list(@Query() q: AdminTrainingListQueryDto) {
    return this.trainings.list(q);
  }

  @Get()
  get(@Query() q: TidQueryDto, @CurrentUser() user: AuthUser) {
    return this.trainings.get(q.tid, user);
  }

  @Post()
  @Audited('training.create', { target: 'training', idFromResult: resultId, load: loadTraining })
  @HttpCode(200)
  add(@Body() dto: AdminTrainingDto, @CurrentUser() user: AuthUser) {
    return this.trainings.add(dto, user);
  }

  @Put()
  @Audited('training.update', { target: 'training', id: trainingIdOfBody, load: loadTraining })
  update(@Body() dto: AdminTrainingDto, @CurrentUser() user: AuthUser) {
    return this.trainings.update(dto, user);
  }

  @Delete()
  @Audited('training.delete', { target: 'training', id: fromQuery('tid'), load: loadTraining })
  remove(@Query() q: TidQueryDto, @CurrentUser() user: AuthUser) {
    return this.trainings.remove(q.tid, user);
  }

  @Put('change-training-status')
  @Audited('training.visibility', { target: 'training', id: fromQuery('tid'), load: loadTraining })
  changeStatus(@Query() q: ChangeTrainingStatusDto, @CurrentUser() user: AuthUser) {
    return this.trainings.changeStatus(q, user);
  }

  @Get('get-problem-list')
  problemList(@Query() q: AdminTrainingProblemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.problems.list(q, user);
  }

  @Post('add-problem-from-public')
  @Audited('training.problem.add', { target: 'training', id: fromBody('tid'), load: loadTrainingProblems })
  @HttpCode(200)
  addProblem(@Body() dto: AddTrainingProblemDto, @CurrentUser() user: AuthUser) {
    return this.problems.add(dto, user);
  }

  @Put('problem')
  @Audited('training.problem.update', { target: 'training-problem', id: fromBody('id'), load: loadTrainingProblemLink })
  updateProblem(@Body() dto: UpdateTrainingProblemDto, @CurrentUser() user: AuthUser) {
    return this.problems.update(dto, user);
  }

  @Delete('problem')
  @Audited('training.problem.remove', { target: 'training', id: fromQuery('tid'), load: loadTrainingProblems })
  removeProblem(@Query() q: RemoveTrainingProblemDto, @CurrentUser() user: AuthUser) {
    return this.problems.remove(q.tid, q.pid, user);
  }

  @Post('category')
  @Audited('training.category.create', { target: 'training-category', idFromResult: resultId, load: loadTrainingCategory })
  @HttpCode(200)
  addCategory(@Body() dto: TrainingCategoryDto) {
    return this.categories.add(dto);
  }

  @Put('category')
  @Audited('training.category.update', { target: 'training-category', id: fromBody('id'), load: loadTrainingCategory })
  updateCategory(@Body() dto: TrainingCategoryDto) {
    return this.categories.update(dto);
  }

  @Delete('category')
  @Audited('training.category.delete', { target: 'training-category', id: fromQuery('cid'), load: loadTrainingCategory })
  removeCategory(@Query() q: CategoryIdQueryDto) {
    return this.categories.remove(q.cid);
  }
}
