import { Module } from '@nestjs/common';
import { AdminUserController } from './admin-user.controller';
import { AdminUserService } from './admin-user.service';
import { RootAccountService } from './root-account.service';
import { UserService } from './user.service';

@Module({
  controllers: [AdminUserController],
  providers: [UserService, RootAccountService, AdminUserService],
  exports: [UserService],
})
export class UserModule {}
