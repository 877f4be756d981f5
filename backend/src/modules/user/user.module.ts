import { Module } from '@nestjs/common';
import { AdminAuthController } from './admin-auth.controller';
import { AdminAuthService } from './admin-auth.service';
import { AdminUserController } from './admin-user.controller';
import { AdminUserService } from './admin-user.service';
import { RootAccountService } from './root-account.service';
import { UserFileController } from './user-file.controller';
import { UserService } from './user.service';

@Module({
  controllers: [AdminUserController, AdminAuthController, UserFileController],
  providers: [UserService, RootAccountService, AdminUserService, AdminAuthService],
  exports: [UserService],
})
export class UserModule {}
