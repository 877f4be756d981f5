import { Body, Controller, Get, Post, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import { ARCHIVE_UPLOAD_MAX_BYTES, ERR, JUDGING_ERR, Role, PERMISSION } from '@oj/contracts';
import { Transform } from 'class-transformer';
import { IsArray, IsInt } from 'class-validator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { BadRequestError, ForbiddenError } from '../../../core/http/api.exception';
import { PermissionService } from '../../../core/auth/permission.service';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { PidQueryDto } from '../../problem/dto/problem-query.dto';
import { ProblemService } from '../../problem/problem.service';
import { TestcaseService } from '../../problem/testcase.service';
import { ImportFormat, ProblemImportService } from './problem-import.service';
import { TestcaseDownloadLimitService } from '../testcase-download-limit.service';
import { Audited } from '../../../core/audit/audited.decorator';

class ExportQueryDto {
  @Transform(({ value }) =>
    value === undefined || value === '' ? [] : (Array.isArray(value) ? value : String(value).split(',')).map(Number),
  )
  @IsArray()
  @IsInt({ each: true })
  pid: number[] = [];
}

const upload = () => FileInterceptor('file', { limits: { fileSize: ARCHIVE_UPLOAD_MAX_BYTES, files: 1 } });

/** The audit record's note of an import: the archive's name (its problems are the record's `after`). */
const importedFile = (req: { file?: { originalname?: string } }): string | null => req.file?.originalname ?? null;

/** Problem import/export and test data files (HOJ's /api/file routes), for problem admins and admins. */
@ApiTags('file')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.problemAdmin)
@Controller('file')
export class FileController {
  constructor(
    private readonly imports: ProblemImportService,
    private readonly problems: ProblemService,
    private readonly testcases: TestcaseService,
    private readonly downloadLimit: TestcaseDownloadLimitService,
    private readonly permissions: PermissionService,
    private readonly groupAccess: GroupAccessService,
  ) {}

  private async run(format: ImportFormat, file: Express.Multer.File | undefined, user: AuthUser) {
    if (!file?.buffer?.length) throw new BadRequestError(ERR.uploadProblemFailed);
    return this.imports.import(format, file.buffer, user);
  }

  @Post('import-problem')
  @Audited('problem.import', { target: 'problem', after: (_req, result) => result, note: importedFile })
  @UseInterceptors(upload())
  importHoj(@UploadedFile() file: Express.Multer.File, @CurrentUser() user: AuthUser) {
    return this.run('hoj', file, user);
  }

  @Post('import-fps-problem')
  @Audited('problem.import', { target: 'problem', after: (_req, result) => result, note: importedFile })
  @UseInterceptors(upload())
  importFps(@UploadedFile() file: Express.Multer.File, @CurrentUser() user: AuthUser) {
    return this.run('fps', file, user);
  }

  @Post('import-qdoj-problem')
  @Audited('problem.import', { target: 'problem', after: (_req, result) => result, note: importedFile })
  @UseInterceptors(upload())
  importQdoj(@UploadedFile() file: Express.Multer.File, @CurrentUser() user: AuthUser) {
    return this.run('qdoj', file, user);
  }

  @Post('import-hydro-problem')
  @Audited('problem.import', { target: 'problem', after: (_req, result) => result, note: importedFile })
  @UseInterceptors(upload())
  importHydro(@UploadedFile() file: Express.Multer.File, @CurrentUser() user: AuthUser) {
    return this.run('hydro', file, user);
  }

  /** ICPC / Kattis problem packages (one, or several folders each with its problem.yaml) in a zip. Not in HOJ. */
  @Post('import-kattis-problem')
  @Audited('problem.import', { target: 'problem', after: (_req, result) => result, note: importedFile })
  @UseInterceptors(upload())
  importKattis(@UploadedFile() file: Express.Multer.File, @CurrentUser() user: AuthUser) {
    return this.run('kattis', file, user);
  }

  /** Polygon full packages (problem.xml, tests with answers, testlib checker / interactor) in a zip. Not in HOJ. */
  @Post('import-polygon-problem')
  @Audited('problem.import', { target: 'problem', after: (_req, result) => result, note: importedFile })
  @UseInterceptors(upload())
  importPolygon(@UploadedFile() file: Express.Multer.File, @CurrentUser() user: AuthUser) {
    return this.run('polygon', file, user);
  }

  @Get('export-problem')
  async export(@Query() q: ExportQueryDto, @CurrentUser() user: AuthUser) {
    // A group's problem is the group's: only root exports it from here (ProblemService.findForSiteRoute).
    for (const pid of new Set(q.pid)) await this.problems.findForSiteRoute(pid, user);
    const zip = await this.imports.exportHoj(q.pid);
    return new StreamableFile(zip, { type: 'application/zip', disposition: 'attachment; filename="problem-export.zip"' });
  }

  /**
   * HOJ's upload takes a `gid` (query or form field) for a group's problem: the group's admins (level 4–5)
   * upload without the site permission; everyone else needs it as on the other file routes. The handler's own
   * @Roles (every role) lifts the class's @Permission so that this check decides.
   */
  @Post('upload-testcase-zip')
  @Roles(...Object.values(Role))
  @UseInterceptors(upload())
  async uploadTestcaseZip(
    @UploadedFile() file: Express.Multer.File,
    @Query('gid') queryGid: string | undefined,
    @Body('gid') bodyGid: string | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    const gid = Number(queryGid ?? bodyGid);
    const allowed =
      (await this.permissions.holds(user.roleId, PERMISSION.problemAdmin)) ||
      (Number.isInteger(gid) && gid > 0 && gid <= 2147483647 && (await this.groupAccess.isGroupAdmin(gid, user)));
    if (!allowed) throw new ForbiddenError(ERR.noPermission);
    if (!file?.buffer?.length) throw new BadRequestError(ERR.uploadTestcaseFailed);
    return this.testcases.stageZip(file.buffer);
  }

  /** Counts against the caller's daily quota (root excepted) only when the zip is delivered. */
  @Get('download-testcase')
  async downloadTestcase(@Query() q: PidQueryDto, @CurrentUser() user: AuthUser) {
    // A group's test data is the group's: only root downloads it from here (product §6).
    const problem = await this.problems.findForSiteRoute(q.pid, user);
    const cases = await this.problems.casesOf(problem.id);
    if (cases.length === 0) throw new BadRequestError(JUDGING_ERR.testcaseEmpty);
    const refund = await this.downloadLimit.take(user);
    let zip: Buffer;
    try {
      zip = await this.testcases.casesZip(problem.id, cases);
    } catch (e) {
      await refund();
      throw e;
    }
    return new StreamableFile(zip, { type: 'application/zip', disposition: `attachment; filename="testcase-${problem.id}.zip"` });
  }
}
