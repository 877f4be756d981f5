import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AdminAccountController } from './admin-account.controller';
import { CaptchaService } from './captcha.service';
import { SlideVerifyService } from './slide-verify.service';

@Module({
  imports: [UserModule],
  controllers: [AccountController, AdminAccountController],
  providers: [AccountService, CaptchaService, SlideVerifyService],
  exports: [AccountService],
})
export class AccountModule {}
