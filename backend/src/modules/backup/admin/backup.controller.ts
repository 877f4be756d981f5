import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BackupArchiveView, BackupRunView, BackupSettings, Role } from '@oj/contracts';
import { auditActor } from '../../../core/audit/audit.service';
import { AuthRequest } from '../../../core/auth/auth-user';
import { Roles } from '../../../core/auth/decorators';
import { BackupService } from '../backup.service';
import { BackupNameQueryDto, UpdateBackupSettingsDto } from '../dto/backup.dto';

/** /api/admin/backup/...: root only (an archive holds every account's password hash and the site's secrets). */
@ApiTags('admin backup')
@Roles(Role.Root)
@Controller('admin/backup')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @Get('settings')
  settings(): Promise<BackupSettings> {
    return this.backups.settings();
  }

  @Put('settings')
  update(@Body() body: UpdateBackupSettingsDto, @Req() req: AuthRequest): Promise<BackupSettings> {
    return this.backups.updateSettings(body, auditActor(req));
  }

  @Get('list')
  list(): Promise<BackupArchiveView[]> {
    return this.backups.list();
  }

  @Get('status')
  status(): Promise<BackupRunView> {
    return this.backups.status();
  }

  @Post('run')
  @HttpCode(200)
  run(@Req() req: AuthRequest): Promise<BackupRunView> {
    return this.backups.startNow(auditActor(req));
  }

  /** The archive streamed from disk (never read into memory: archives are as large as the test data). */
  @Get('download')
  async download(@Query() q: BackupNameQueryDto, @Req() req: AuthRequest): Promise<StreamableFile> {
    const { stream, size } = await this.backups.open(q.name, auditActor(req));
    return new StreamableFile(stream, { type: 'application/gzip', length: size, disposition: `attachment; filename="${q.name}"` });
  }

  @Delete('archive')
  async remove(@Query() q: BackupNameQueryDto, @Req() req: AuthRequest): Promise<null> {
    await this.backups.remove(q.name, auditActor(req));
    return null;
  }
}
