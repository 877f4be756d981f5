import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessageModule } from '../message/message.module';
import { AnnouncementEntity } from '../site/entities/announcement.entity';
import { SiteModule } from '../site/site.module';
import { GroupAccessModule } from './access/group-access.module';
import { GroupAnnouncementController } from './announcements/group-announcement.controller';
import { GroupAnnouncementService } from './announcements/group-announcement.service';
import { GroupMember } from './entities/group-member.entity';
import { Group } from './entities/group.entity';
import { GroupController } from './group.controller';
import { GroupService } from './group.service';
import { GroupMemberController } from './members/group-member.controller';
import { GroupMemberService } from './members/group-member.service';

@Module({
  imports: [TypeOrmModule.forFeature([Group, GroupMember, AnnouncementEntity]), GroupAccessModule, MessageModule, SiteModule],
  controllers: [GroupController, GroupMemberController, GroupAnnouncementController],
  providers: [GroupService, GroupMemberService, GroupAnnouncementService],
  exports: [GroupAccessModule, GroupService],
})
export class GroupModule {}
