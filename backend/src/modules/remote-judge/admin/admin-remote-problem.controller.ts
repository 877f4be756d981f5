import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PERMISSION, Role } from '@oj/contracts';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { RemoteProblemImportService } from './remote-problem-import.service';

class ImportRemoteProblemQueryDto {
  /** The remote judge's key (HDU, CF, POJ, GYM, AC, SPOJ, BAS). */
  @IsString() @MinLength(1) @MaxLength(20) name: string;
  /** The problem's id on that site (`1000`, `1000A`, `abc110_a`). */
  @IsString() @MinLength(1) @MaxLength(50) problemId: string;
}

/** /api/admin/problem/import-remote-oj-problem: HOJ's route, for the same roles as the admin problem routes. */
@ApiTags('admin problem')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.problemAdmin)
@Controller('admin/problem')
export class AdminRemoteProblemController {
  constructor(private readonly imports: RemoteProblemImportService) {}

  @Get('import-remote-oj-problem')
  async importRemoteProblem(@Query() q: ImportRemoteProblemQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.imports.import(q.name, q.problemId, user);
    return null;
  }
}
