import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Group } from '../group/entities/group.entity';
import { AdminGroupController } from './admin/admin-group.controller';
import { AdminGroupService } from './admin/admin-group.service';

@Module({
  imports: [TypeOrmModule.forFeature([Group])],
  controllers: [AdminGroupController],
  providers: [AdminGroupService],
})
export class AdminGroupModule {}
