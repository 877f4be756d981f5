import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminDashboardController } from './admin/admin-dashboard.controller';
import { AdminSubmissionChartController } from './admin/admin-submission-chart.controller';
import { AdminTopGroupController } from './admin/admin-top-group.controller';
import { DashboardService } from './dashboard.service';
import { SubmissionChartService } from './admin/submission-chart.service';
import { TopGroupService } from './admin/top-group.service';
import { GroupModule } from '../group/group.module';
import { ContestModule } from '../contest/contest.module';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';
import { LoginSession } from './entities/login-session.entity';
import { LoginSessionMiddleware } from './login-session.middleware';

@Module({
  imports: [TypeOrmModule.forFeature([LoginSession]), JudgeQueueModule, ContestModule, GroupModule, SubmissionStoreModule],
  controllers: [AdminDashboardController, AdminSubmissionChartController, AdminTopGroupController],
  providers: [DashboardService, SubmissionChartService, TopGroupService],
})
export class DashboardModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(LoginSessionMiddleware)
      .forRoutes({ path: 'login', method: RequestMethod.POST }, { path: 'admin/login', method: RequestMethod.POST });
  }
}
