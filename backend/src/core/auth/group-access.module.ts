import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupMember } from './entities/group-member.entity';
import { GroupAccessService } from './group-access.service';

/**
 * Only the membership lookup, in core so that the modules holding group content (contest, exam, training, problem,
 * discussion, upload, file) ask it without importing the group module, which builds on them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([GroupMember])],
  providers: [GroupAccessService],
  exports: [GroupAccessService],
})
export class GroupAccessModule {}
