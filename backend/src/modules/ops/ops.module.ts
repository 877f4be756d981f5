import { Module } from '@nestjs/common';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { AdminQueuesController } from './admin/admin-queues.controller';
import { HealthController } from './public/health.controller';
import { HealthService } from './public/health.service';
import { OpsMetricsService } from './ops-metrics.service';

/** Running it: health probes, Prometheus /metrics (mounted by app.setup), the Bull dashboard for root. */
@Module({
  imports: [JudgeQueueModule],
  controllers: [HealthController, AdminQueuesController],
  providers: [HealthService, OpsMetricsService],
  exports: [HealthService, OpsMetricsService],
})
export class OpsModule {}
