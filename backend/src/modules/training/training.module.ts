import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupTrainingController } from './group/group-training.controller';
import { GroupTrainingService } from './group/group-training.service';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { ProblemModule } from '../problem/problem.module';
import { AdminTrainingCategoryService } from './admin/admin-training-category.service';
import { AdminTrainingProblemService } from './admin/admin-training-problem.service';
import { AdminTrainingController } from './admin/admin-training.controller';
import { AdminTrainingService } from './admin/admin-training.service';
import { TrainingCategory } from './entities/training-category.entity';
import { TrainingProblem } from './entities/training-problem.entity';
import { TrainingRegister } from './entities/training-register.entity';
import { Training } from './entities/training.entity';
import { TrainingRankService } from './rank/training-rank.service';
import { TrainingAccessService } from './training-access.service';
import { TrainingCountsService } from './training-counts.service';
import { TrainingResultListener } from './training-result.listener';
import { TrainingSubmitService } from './training-submit.service';
import { TrainingController } from './public/training.controller';
import { TrainingService } from './training.service';

@Module({
  imports: [
    GroupModule,
    TypeOrmModule.forFeature([Training, TrainingCategory, TrainingProblem, TrainingRegister]),
    ProblemModule,
    GroupAccessModule,
  ],
  controllers: [GroupTrainingController, TrainingController, AdminTrainingController],
  providers: [
    GroupTrainingService,
    TrainingService,
    TrainingAccessService,
    TrainingRankService,
    TrainingCountsService,
    TrainingSubmitService,
    TrainingResultListener,
    AdminTrainingService,
    AdminTrainingProblemService,
    AdminTrainingCategoryService,
  ],
  exports: [
    TrainingSubmitService,
    TrainingAccessService,
    TrainingRankService,
    TrainingService,
    AdminTrainingService,
    AdminTrainingProblemService,
    AdminTrainingCategoryService,
  ],
})
export class TrainingModule {}
