import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { GroupUserCopies } from './group-user-copies';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContestModule } from '../contest/contest.module';
import { Contest } from '../contest/entities/contest.entity';
import { DiscussionModule } from '../discussion/discussion.module';
import { Discussion } from '../discussion/entities/discussion.entity';
import { ExamProblem } from '../exam/entities/exam-problem.entity';
import { ExamQuestion } from '../exam/entities/exam-question.entity';
import { Exam } from '../exam/entities/exam.entity';
import { ExamModule } from '../exam/exam.module';
import { MessageModule } from '../message/message.module';
import { Problem } from '../problem/entities/problem.entity';
import { ProblemModule } from '../problem/problem.module';
import { UploadModule } from '../upload/upload.module';
import { AnnouncementEntity } from '../site/entities/announcement.entity';
import { SiteModule } from '../site/site.module';
import { TrainingProblem } from '../training/entities/training-problem.entity';
import { Training } from '../training/entities/training.entity';
import { TrainingModule } from '../training/training.module';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { GroupAnnouncementController } from './announcements/group-announcement.controller';
import { GroupAnnouncementService } from './announcements/group-announcement.service';
import { GroupContestController } from './contests/group-contest.controller';
import { GroupContestService } from './contests/group-contest.service';
import { GroupDirectoryService } from './directory/group-directory.service';
import { GroupDiscussionController } from './discussion/group-discussion.controller';
import { GroupDiscussionService } from './discussion/group-discussion.service';
import { GroupMember } from '../../core/auth/entities/group-member.entity';
import { Group } from './entities/group.entity';
import { GroupExamController } from './exams/group-exam.controller';
import { GroupExamService } from './exams/group-exam.service';
import { GroupController } from './public/group.controller';
import { GroupService } from './group.service';
import { GroupMemberController } from './members/group-member.controller';
import { GroupMemberService } from './members/group-member.service';
import { AdminGroupProblemController } from './problems/admin-group-problem.controller';
import { AdminGroupProblemService } from './problems/admin-group-problem.service';
import { GroupProblemController } from './problems/group-problem.controller';
import { GroupProblemService } from './problems/group-problem.service';
import { GroupQuestionController } from './questions/group-question.controller';
import { GroupQuestionService } from './questions/group-question.service';
import { GroupRankController } from './rank/group-rank.controller';
import { GroupRankService } from './rank/group-rank.service';
import { GroupScopeService } from './scope/group-scope.service';
import { GroupTrainingController } from './trainings/group-training.controller';
import { GroupTrainingService } from './trainings/group-training.service';

/**
 * Groups and their scoped content. The content itself lives in the modules that own it (problems, trainings,
 * contests, exams, discussion) with the group's gid; the subfolders here check the group rules and call them.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Group,
      GroupMember,
      AnnouncementEntity,
      Problem,
      Contest,
      Training,
      TrainingProblem,
      Exam,
      ExamProblem,
      ExamQuestion,
      Discussion,
    ]),
    GroupAccessModule,
    MessageModule,
    SiteModule,
    ProblemModule,
    ContestModule,
    TrainingModule,
    ExamModule,
    DiscussionModule,
    UserModule,
    UploadModule,
  ],
  controllers: [
    GroupController,
    GroupMemberController,
    GroupAnnouncementController,
    GroupProblemController,
    AdminGroupProblemController,
    GroupTrainingController,
    GroupContestController,
    GroupExamController,
    GroupQuestionController,
    GroupDiscussionController,
    GroupRankController,
  ],
  providers: [
    GroupService,
    GroupDirectoryService,
    GroupMemberService,
    GroupAnnouncementService,
    GroupScopeService,
    GroupProblemService,
    AdminGroupProblemService,
    GroupTrainingService,
    GroupContestService,
    GroupExamService,
    GroupQuestionService,
    GroupDiscussionService,
    GroupRankService,
    GroupUserCopies,
  ],
  exports: [GroupAccessModule, GroupService],
})
export class GroupModule {}
