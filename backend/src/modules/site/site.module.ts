import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAnnouncementController } from './admin-announcement.controller';
import { AdminConfigController } from './admin-config.controller';
import { AdminSwitchController } from './admin-switch.controller';
import { AnnouncementService } from './announcement.service';
import { AnnouncementEntity } from './entities/announcement.entity';
import { SiteController } from './site.controller';
import { SystemInfoService } from './system-info.service';
import { UploadModule } from '../upload/upload.module';

@Module({
  imports: [TypeOrmModule.forFeature([AnnouncementEntity]), UploadModule],
  controllers: [SiteController, AdminConfigController, AdminSwitchController, AdminAnnouncementController],
  providers: [AnnouncementService, SystemInfoService],
  exports: [AnnouncementService],
})
export class SiteModule {}
