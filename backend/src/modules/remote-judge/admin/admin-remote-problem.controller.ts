import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CONTEST_ERR, PERMISSION, Role } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { AdminContestService } from '../../contest/admin-contest.service';
import { ContestAccessService } from '../../contest/contest-access.service';
import { AdminTrainingProblemService } from '../../training/admin/admin-training-problem.service';
import { AdminTrainingService } from '../../training/admin/admin-training.service';
import { RemoteProblemImportService } from './remote-problem-import.service';

class ImportRemoteProblemQueryDto {
  /** The remote judge's key (HDU, CF, POJ, GYM, AC, SPOJ, BAS). */
  @IsString() @MinLength(1) @MaxLength(20) name: string;
  /** The problem's id on that site (`1000`, `1000A`, `abc110_a`). */
  @IsString() @MinLength(1) @MaxLength(50) problemId: string;
}

class ImportContestRemoteProblemQueryDto extends ImportRemoteProblemQueryDto {
  @Type(() => Number) @IsInt() @Min(1) cid: number;
  @IsString({ message: CONTEST_ERR.displayIdRequired })
  @IsNotEmpty({ message: CONTEST_ERR.displayIdRequired })
  @MaxLength(100)
  displayId: string;
}

class ImportTrainingRemoteProblemQueryDto extends ImportRemoteProblemQueryDto {
  @Type(() => Number) @IsInt() @Min(1) tid: number;
}

/**
 * HOJ's three import-remote-oj-problem routes (issue 34), for the roles of the admin problem routes: into the bank,
 * and into the bank and at once into a contest or a training the caller manages (checked before the remote site is
 * asked). A problem imported before is reused by the contest and training variants, as HOJ does.
 */
@ApiTags('admin problem')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.problemAdmin)
@Controller('admin')
export class AdminRemoteProblemController {
  constructor(
    private readonly imports: RemoteProblemImportService,
    private readonly contestAccess: ContestAccessService,
    private readonly contests: AdminContestService,
    private readonly trainings: AdminTrainingService,
    private readonly trainingProblems: AdminTrainingProblemService,
  ) {}

  @Get('problem/import-remote-oj-problem')
  async importRemoteProblem(@Query() q: ImportRemoteProblemQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.imports.import(q.name, q.problemId, user);
    return null;
  }

  @Get('contest/import-remote-oj-problem')
  async importContestRemoteProblem(@Query() q: ImportContestRemoteProblemQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    this.contestAccess.assertCanManage(await this.contestAccess.access(q.cid, user));
    const problem = await this.imports.importOrFind(q.name, q.problemId, user);
    await this.contests.addProblem({ cid: q.cid, pid: problem.id, displayId: q.displayId });
    return null;
  }

  @Get('training/import-remote-oj-problem')
  async importTrainingRemoteProblem(@Query() q: ImportTrainingRemoteProblemQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.trainings.managed(q.tid, user);
    const problem = await this.imports.importOrFind(q.name, q.problemId, user);
    // HOJ shows a training's remote problem under its own id (HDU-1000)
    await this.trainingProblems.add({ tid: q.tid, pid: problem.id, displayId: problem.problemId }, user);
    return null;
  }
}
