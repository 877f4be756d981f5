import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RatingModule } from '../rating/rating.module';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';
import { UserRole } from '../../core/auth/entities/user-role.entity';
import { User } from '../../core/auth/entities/user.entity';
import { UploadModule } from '../upload/upload.module';
import { UserModule } from '../user/user.module';
import { AccountSettingController } from './public/account-setting.controller';
import { AccountSettingService } from './public/account-setting.service';
import { AvatarController } from './public/avatar.controller';
import { AvatarService } from './avatar.service';
import { SmsClient } from './sms/sms.client';
import { UserHomeController } from './public/user-home.controller';
import { UserHomeService } from './user-home.service';
import { VerifyCodeStore } from './verify-code.store';

/** A user's own pages: /user-home data, /setting calls, avatars, codes by e-mail and SMS. */
@Module({
  imports: [UserModule, RatingModule, UploadModule, SubmissionStoreModule, TypeOrmModule.forFeature([User, UserRole])],
  controllers: [UserHomeController, AccountSettingController, AvatarController],
  providers: [UserHomeService, AccountSettingService, AvatarService, SmsClient, VerifyCodeStore],
})
export class ProfileModule {}
