import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BackupController } from './admin/backup.controller';
import { BackupService } from './backup.service';
import { BackupSettingsRow } from './entities/backup-settings.entity';

/**
 * Backups that restore (issue 36): archives of the database, the data folder and the secrets, made by
 * `npm run backup`, the daily schedule or root's "back up now", restored by `npm run restore`. Depends on core
 * only (the archive reads every table itself, in one snapshot); nothing depends on it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BackupSettingsRow])],
  controllers: [BackupController],
  providers: [BackupService],
})
export class BackupModule {}
