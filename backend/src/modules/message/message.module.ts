import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserModule } from '../user/user.module';
import { AdminNoticeController } from './admin-notice.controller';
import { AdminSysNotice, UserSysNotice } from './entities/notice.entity';
import { MessageController } from './message.controller';
import { NoticeService } from './notice.service';

@Module({
  imports: [UserModule, TypeOrmModule.forFeature([AdminSysNotice, UserSysNotice])],
  controllers: [AdminNoticeController, MessageController],
  providers: [NoticeService],
  exports: [NoticeService],
})
export class MessageModule {}
