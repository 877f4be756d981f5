import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessageModule } from '../message/message.module';
import { GroupAccessModule } from './access/group-access.module';
import { GroupMember } from './entities/group-member.entity';
import { Group } from './entities/group.entity';
import { GroupController } from './group.controller';
import { GroupService } from './group.service';
import { GroupMemberController } from './members/group-member.controller';
import { GroupMemberService } from './members/group-member.service';

@Module({
  imports: [TypeOrmModule.forFeature([Group, GroupMember]), GroupAccessModule, MessageModule],
  controllers: [GroupController, GroupMemberController],
  providers: [GroupService, GroupMemberService],
  exports: [GroupAccessModule, GroupService],
})
export class GroupModule {}
