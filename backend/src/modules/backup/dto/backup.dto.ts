import { BACKUP_LIMITS, BACKUP_TEXT, BackupSettings } from '@oj/contracts';
import { IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { ARCHIVE_NAME } from '../archive-name';

export class UpdateBackupSettingsDto implements BackupSettings {
  @IsBoolean()
  enabled: boolean;

  @IsInt({ message: BACKUP_TEXT.badHour })
  @Min(0, { message: BACKUP_TEXT.badHour })
  @Max(23, { message: BACKUP_TEXT.badHour })
  hour: number;

  @IsInt({ message: BACKUP_TEXT.badRetention })
  @Min(BACKUP_LIMITS.minRetention, { message: BACKUP_TEXT.badRetention })
  @Max(BACKUP_LIMITS.maxRetention, { message: BACKUP_TEXT.badRetention })
  retention: number;
}

export class BackupNameQueryDto {
  @IsString({ message: BACKUP_TEXT.notFound })
  @Matches(ARCHIVE_NAME, { message: BACKUP_TEXT.notFound })
  name: string;
}
