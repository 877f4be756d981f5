import { Controller, Get, Headers, Inject, Query, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ERR, JUDGE_TOKEN_HEADER, JudgeInstallationInfo } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Min } from 'class-validator';
import { timingSafeEqual } from 'crypto';
import { createReadStream, existsSync, statSync } from 'fs';
import { Public } from '../../../core/auth/decorators';
import { APP_CONFIG, AppConfig } from '../../../core/config/app-config';
import { ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { TestcaseService } from '../../problem/testcase.service';

class PackageQueryDto {
  @Type(() => Number) @IsInt() @Min(1) pid: number;
  @IsString() @Matches(/^[a-f0-9]{64}$/) version: string;
}

/**
 * GET /api/judge/package: the judge package zip of a problem version, for judge workers on any machine.
 * Protected by the shared judge token (X-Judge-Token), not by user sessions. Versions are content checksums,
 * so workers cache them forever.
 */
@ApiExcludeController()
@Controller('judge')
export class JudgePackageController {
  private readonly token: Buffer;

  constructor(
    private readonly testcases: TestcaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.token = Buffer.from(config.judge.token);
  }

  private assertJudge(token: string | undefined): void {
    const given = Buffer.from(token ?? '');
    if (given.length !== this.token.length || !timingSafeEqual(given, this.token)) throw new ForbiddenError(ERR.noPermission);
  }

  /** GET /api/judge/installation: which installation (and queue prefix) a worker started with only BACKEND_URL serves. */
  @Public()
  @Get('installation')
  installation(@Headers(JUDGE_TOKEN_HEADER.toLowerCase()) token?: string): JudgeInstallationInfo {
    this.assertJudge(token);
    return { installationId: this.config.installationId, bullPrefix: this.config.bull.prefix };
  }

  @Public()
  @Get('package')
  download(@Query() q: PackageQueryDto, @Headers(JUDGE_TOKEN_HEADER.toLowerCase()) token?: string) {
    this.assertJudge(token);
    const file = this.testcases.store.packagePath(q.pid, q.version);
    if (!existsSync(file)) throw new NotFoundError(ERR.notFound);
    return new StreamableFile(createReadStream(file), {
      type: 'application/zip',
      length: statSync(file).size,
      disposition: `attachment; filename="${q.pid}-${q.version}.zip"`,
    });
  }
}
