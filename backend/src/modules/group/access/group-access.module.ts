import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupMember } from '../entities/group-member.entity';
import { GroupAccessService } from './group-access.service';

/**
 * Only the membership lookup, so the contest, training and problem modules import it without importing the
 * whole group module (which imports the message and site modules).
 */
@Module({
  imports: [TypeOrmModule.forFeature([GroupMember])],
  providers: [GroupAccessService],
  exports: [GroupAccessService],
})
export class GroupAccessModule {}
