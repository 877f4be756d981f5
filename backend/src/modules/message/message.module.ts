import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserModule } from '../user/user.module';
import { AdminNoticeController } from './admin/admin-notice.controller';
import { MsgRemind } from './entities/msg-remind.entity';
import { AdminSysNotice, UserSysNotice } from './entities/notice.entity';
import { UserMsgUnread } from './entities/user-msg-unread.entity';
import { MessageController } from './public/message.controller';
import { NoticeService } from './notice.service';
import { UnreadCounterService } from './unread-counter.service';
import { UserMessageService } from './user-message.service';

@Module({
  imports: [UserModule, TypeOrmModule.forFeature([AdminSysNotice, UserSysNotice, MsgRemind, UserMsgUnread])],
  controllers: [AdminNoticeController, MessageController],
  providers: [NoticeService, UnreadCounterService, UserMessageService],
  exports: [NoticeService, UnreadCounterService, UserMessageService],
})
export class MessageModule {}
