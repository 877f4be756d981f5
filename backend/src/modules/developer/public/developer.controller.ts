import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SystemInfo } from '@oj/contracts';
import { Public } from '../../../core/auth/decorators';
import { DeveloperService } from './developer.service';

@ApiTags('site')
@Controller()
export class DeveloperController {
  constructor(private readonly developer: DeveloperService) {}

  @Public()
  @Get('get-system-info')
  @ApiOperation({ summary: 'Version, judge servers with their languages, judge queue length and load (the /developer page)' })
  systemInfo(): Promise<SystemInfo> {
    return this.developer.systemInfo();
  }
}
