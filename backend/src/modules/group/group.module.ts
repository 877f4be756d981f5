import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupMember } from '../../core/auth/entities/group-member.entity';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { MessageModule } from '../message/message.module';
import { UploadModule } from '../upload/upload.module';
import { UserModule } from '../user/user.module';
import { AdminGroupController } from './admin/admin-group.controller';
import { AdminGroupService } from './admin/admin-group.service';
import { GroupDirectoryService } from './directory/group-directory.service';
import { Group } from './entities/group.entity';
import { GroupUserCopies } from './group-user-copies';
import { GroupService } from './group.service';
import { GroupMemberController } from './members/group-member.controller';
import { GroupMemberService } from './members/group-member.service';
import { GroupController } from './public/group.controller';
import { GroupScopeService } from './scope/group-scope.service';

/**
 * Groups themselves: the directory, a group's settings and avatar, its members and their levels, and root's list of
 * every group (admin/). A group's content
 * (its problems, trainings, contests, exams and questions, discussion, announcements, rank) lives in the module that
 * owns that content, in a `group/` folder there, which checks the group's rules through GroupScopeService; so this
 * module depends on none of them, and they all depend on it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Group, GroupMember]), GroupAccessModule, MessageModule, UploadModule, UserModule],
  controllers: [GroupController, GroupMemberController, AdminGroupController],
  providers: [AdminGroupService, GroupService, GroupDirectoryService, GroupMemberService, GroupScopeService, GroupUserCopies],
  exports: [GroupAccessModule, GroupService, GroupScopeService, GroupMemberService],
})
export class GroupModule {}
