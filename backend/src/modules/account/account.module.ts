import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { AccountController } from './public/account.controller';
import { AccountService } from './account.service';
import { AdminAccountController } from './admin/admin-account.controller';
import { CaptchaService } from './captcha/captcha.service';
import { SlideVerifyService } from './captcha/slide-verify.service';

@Module({
  imports: [UserModule],
  controllers: [AccountController, AdminAccountController],
  providers: [AccountService, CaptchaService, SlideVerifyService],
  exports: [AccountService],
})
export class AccountModule {}
