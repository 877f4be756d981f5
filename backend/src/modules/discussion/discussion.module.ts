import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupDiscussionController } from './group/group-discussion.controller';
import { GroupDiscussionService } from './group/group-discussion.service';
import { DiscussionUserCopies } from './discussion-user-copies';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContestModule } from '../contest/contest.module';
import { MessageModule } from '../message/message.module';
import { ProblemModule } from '../problem/problem.module';
import { UserModule } from '../user/user.module';
import { AdminDiscussionController } from './admin/admin-discussion.controller';
import { AdminDiscussionService } from './admin/admin-discussion.service';
import { ContestThreadsService } from './contest-threads.service';
import { DiscussionCacheService } from './discussion-cache.service';
import { DiscussionRemovalService } from './discussion-removal.service';
import { DiscussionRulesService } from './discussion-rules.service';
import { CommentLike } from './entities/comment-like.entity';
import { Comment } from './entities/comment.entity';
import { DiscussionCategoryEntity } from './entities/discussion-category.entity';
import { DiscussionLike } from './entities/discussion-like.entity';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { DiscussionReport } from './entities/discussion-report.entity';
import { Discussion } from './entities/discussion.entity';
import { Reply } from './entities/reply.entity';
import { CommentController } from './public/comment.controller';
import { CommentService } from './public/comment.service';
import { DiscussionController } from './public/discussion.controller';
import { DiscussionService } from './public/discussion.service';

@Module({
  imports: [
    GroupModule,
    UserModule,
    MessageModule,
    ContestModule,
    GroupAccessModule,
    ProblemModule,
    TypeOrmModule.forFeature([DiscussionCategoryEntity, Discussion, DiscussionLike, DiscussionReport, Comment, CommentLike, Reply]),
  ],
  controllers: [GroupDiscussionController, DiscussionController, CommentController, AdminDiscussionController],
  providers: [
    GroupDiscussionService,
    DiscussionCacheService,
    DiscussionRulesService,
    DiscussionRemovalService,
    DiscussionService,
    CommentService,
    AdminDiscussionService,
    DiscussionUserCopies,
    ContestThreadsService,
  ],
  exports: [DiscussionService, DiscussionRemovalService, ContestThreadsService],
})
export class DiscussionModule {}
