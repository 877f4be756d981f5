import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminDashboardController } from './admin-dashboard.controller';
import { AdminSubmissionChartController } from './admin-submission-chart.controller';
import { DashboardService } from './dashboard.service';
import { SubmissionChartService } from './submission-chart.service';
import { LoginSession } from './entities/login-session.entity';
import { LoginSessionMiddleware } from './login-session.middleware';

@Module({
  imports: [TypeOrmModule.forFeature([LoginSession])],
  controllers: [AdminDashboardController, AdminSubmissionChartController],
  providers: [DashboardService, SubmissionChartService],
})
export class DashboardModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(LoginSessionMiddleware)
      .forRoutes({ path: 'login', method: RequestMethod.POST }, { path: 'admin/login', method: RequestMethod.POST });
  }
}
