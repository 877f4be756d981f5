import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupAnnouncementController } from './group/group-announcement.controller';
import { GroupAnnouncementService } from './group/group-announcement.service';
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
  imports: [GroupModule, TypeOrmModule.forFeature([AnnouncementEntity]), UploadModule],
  controllers: [GroupAnnouncementController, SiteController, AdminConfigController, AdminSwitchController, AdminAnnouncementController],
  providers: [GroupAnnouncementService, AnnouncementService, SystemInfoService],
  exports: [AnnouncementService],
})
export class SiteModule {}
