import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupProblemController } from './group/group-problem.controller';
import { GroupProblemService } from './group/group-problem.service';
import { AdminGroupProblemController } from './group/admin-group-problem.controller';
import { AdminGroupProblemService } from './group/admin-group-problem.service';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { UserProblemStat } from './entities/user-problem-stat.entity';
import { AdminProblemController } from './admin/admin-problem.controller';
import { CodeTemplate } from './entities/code-template.entity';
import { ProblemCase } from './entities/problem-case.entity';
import { ProblemLanguage } from './entities/problem-language.entity';
import { ProblemStatistic } from './entities/problem-statistic.entity';
import { ProblemTag } from './entities/problem-tag.entity';
import { Problem } from './entities/problem.entity';
import { TagClassification } from './entities/tag-classification.entity';
import { Tag } from './entities/tag.entity';
import { ProblemFormService } from './problem-form.service';
import { ProblemLookupService } from './problem-lookup.service';
import { ProblemController } from './public/problem.controller';
import { ProblemService } from './problem.service';
import { TagService } from './tag.service';
import { TestcaseService } from './testcase.service';

@Module({
  imports: [
    GroupModule,
    TypeOrmModule.forFeature([
      Problem,
      Tag,
      TagClassification,
      ProblemTag,
      CodeTemplate,
      ProblemLanguage,
      ProblemCase,
      ProblemStatistic,
      UserProblemStat,
    ]),
    JudgeQueueModule,
    GroupAccessModule,
  ],
  controllers: [GroupProblemController, AdminGroupProblemController, ProblemController, AdminProblemController],
  providers: [
    GroupProblemService,
    AdminGroupProblemService,
    ProblemService,
    ProblemFormService,
    ProblemLookupService,
    TagService,
    TestcaseService,
  ],
  exports: [ProblemService, ProblemFormService, ProblemLookupService, TestcaseService],
})
export class ProblemModule {}
