import { Module } from '@nestjs/common';
import { AdminAuthController } from './admin/admin-auth.controller';
import { AdminAuthService } from './admin/admin-auth.service';
import { AdminUserController } from './admin/admin-user.controller';
import { AdminUserService } from './admin/admin-user.service';
import { RootAccountService } from './root-account.service';
import { UserFileController } from './admin/user-file.controller';
import { UserService } from './user.service';

@Module({
  controllers: [AdminUserController, AdminAuthController, UserFileController],
  providers: [UserService, RootAccountService, AdminUserService, AdminAuthService],
  exports: [UserService],
})
export class UserModule {}
