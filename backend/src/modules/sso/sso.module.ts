import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { GroupModule } from '../group/group.module';
import { UserModule } from '../user/user.module';
import { AdminSsoController } from './admin/admin-sso.controller';
import { SsoIdentity } from './entities/sso-identity.entity';
import { SsoProvider } from './entities/sso-provider.entity';
import { SsoSetting } from './entities/sso-setting.entity';
import { SsoController } from './public/sso.controller';
import { SsoLoginService } from './sso-login.service';
import { SsoProviderService } from './sso-provider.service';

/**
 * Single sign-on (issue 36): OIDC, LDAP and CAS providers root configures, and their logins ending in the account
 * module's session start. Above account, user and group; nothing depends on it (account learns of the "password
 * login off" rule through the hook this module registers).
 */
@Module({
  imports: [TypeOrmModule.forFeature([SsoProvider, SsoIdentity, SsoSetting]), AccountModule, UserModule, GroupModule],
  controllers: [SsoController, AdminSsoController],
  providers: [SsoProviderService, SsoLoginService],
})
export class SsoModule {}
