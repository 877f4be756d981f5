import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAnnouncementController } from './admin/admin-announcement.controller';
import { AdminConfigController } from './admin/admin-config.controller';
import { AdminSwitchController } from './admin/admin-switch.controller';
import { AnnouncementService } from './announcement.service';
import { AnnouncementEntity } from './entities/announcement.entity';
import { SiteController } from './public/site.controller';
import { SystemInfoService } from './system-info.service';
import { UploadModule } from '../upload/upload.module';

@Module({
  imports: [TypeOrmModule.forFeature([AnnouncementEntity]), UploadModule],
  controllers: [SiteController, AdminConfigController, AdminSwitchController, AdminAnnouncementController],
  providers: [AnnouncementService, SystemInfoService],
  exports: [AnnouncementService],
})
export class SiteModule {}
