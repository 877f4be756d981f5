import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../core/auth/decorators';
import { ApiException } from '../../../core/http/api.exception';
import { HealthService, Readiness } from './health.service';

export const NOT_READY_MSG = 'Service not ready';

/** Probes for load balancers and Kubernetes (not in HOJ). */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @ApiOperation({ summary: 'Liveness: the process answers HTTP (no dependency is checked)' })
  @Public()
  @Get('live')
  live(): { status: 'up' } {
    return { status: 'up' };
  }

  @ApiOperation({ summary: 'Readiness: PostgreSQL answers, no migration is running, Redis answers; 503 otherwise' })
  @Public()
  @Get('ready')
  async ready(): Promise<Readiness> {
    const state = await this.health.readiness();
    if (!state.ready) throw new ApiException(503, NOT_READY_MSG, state);
    return state;
  }
}
