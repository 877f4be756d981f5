import { Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MdFileVO, PERMISSION, Page, Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { FileIdQuery, MdFileListQuery } from '../dto/upload.dto';
import { UploadService } from '../upload.service';
import { Audited, fromQuery } from '../../../core/audit/audited.decorator';
import { loadUploadedFile } from '../upload-audit';

/** Admin → File management: Markdown images uploaded from the editors, where they are used, deletable. */
@ApiTags('admin')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.fileAdmin)
@Controller('admin/file')
export class AdminFileController {
  constructor(private readonly uploads: UploadService) {}

  @Get('list-md-files')
  @ApiOperation({ summary: 'Uploaded Markdown images, newest first, with the problems, discussions ... that show them' })
  list(@Query() q: MdFileListQuery): Promise<Page<MdFileVO>> {
    return this.uploads.listMarkdown(q);
  }

  @Delete('delete-md-img')
  @Audited('file.delete', { target: 'file', id: fromQuery('fileId'), load: loadUploadedFile })
  async remove(@Query() q: FileIdQuery, @CurrentUser() user: AuthUser): Promise<null> {
    await this.uploads.remove(q.fileId, user, 'markdown');
    return null;
  }
}
