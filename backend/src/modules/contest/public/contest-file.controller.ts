import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { attachment } from '../../../core/xlsx/xlsx';
import { ContestAccessService } from '../contest-access.service';
import { AcSubmissionSplit, ContestFileService } from './contest-file.service';
import { LockScope } from '../../../core/auth/lockdown';

const bool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** HOJ: cid, excludeAdmin (false), splitType (user). */
class AcSubmissionQuery {
  @Type(() => Number) @IsInt() @Min(1) cid: number;
  @IsOptional() @Transform(bool) @IsBoolean() excludeAdmin?: boolean;
  @IsOptional() @IsIn(['user', 'problem']) splitType?: AcSubmissionSplit;
}

class PrintIdQuery {
  @Type(() => Number) @IsInt() @Min(1) id: number;
}

/** HOJ's ContestFileController downloads (the rank's is ContestRankExportController): for the contest's admins. */
@ApiTags('contest')
@LockScope({ contest: 'cid' })
@Controller('file')
export class ContestFileController {
  constructor(
    private readonly access: ContestAccessService,
    private readonly files: ContestFileService,
  ) {}

  @Get('download-contest-ac-submission')
  @ApiProduces('application/zip')
  @ApiOperation({ summary: "The contest's accepted code (OI: latest scored) as a zip, a folder per user or per problem (contest admins)" })
  async acSubmissions(@Query() q: AcSubmissionQuery, @CurrentUser() user: AuthUser): Promise<StreamableFile> {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanManage(a);
    const { name, zip } = await this.files.acSubmissionZip(a, q.excludeAdmin ?? false, q.splitType ?? 'user');
    return new StreamableFile(zip, { type: 'application/zip', disposition: attachment(name) });
  }

  @Get('download-contest-print-text')
  @ApiProduces('text/plain')
  @ApiOperation({ summary: "A print request's text as a file (the contest's admins)" })
  async printText(@Query() q: PrintIdQuery, @CurrentUser() user: AuthUser): Promise<StreamableFile> {
    const { cid, name, text } = await this.files.printText(q.id);
    this.access.assertCanManage(await this.access.access(cid, user));
    return new StreamableFile(text, { type: 'text/plain; charset=utf-8', length: text.length, disposition: attachment(name) });
  }
}
