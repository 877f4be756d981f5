import { Module } from '@nestjs/common';
import { RootAccountService } from './root-account.service';
import { UserService } from './user.service';

@Module({
  providers: [UserService, RootAccountService],
  exports: [UserService],
})
export class UserModule {}
