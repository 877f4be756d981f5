import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Role } from '@oj/contracts';
import { randomBytes } from 'crypto';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { UserService } from './user.service';

export const ROOT_USERNAME = 'root';

/** First start: creates the super admin `root` (ROOT_PASSWORD, or a generated one printed once). */
@Injectable()
export class RootAccountService implements OnApplicationBootstrap {
  private readonly logger = new Logger('RootAccount');

  constructor(
    private readonly users: UserService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.existsWithRole(Role.Root)) return;
    if (await this.users.findByUsername(ROOT_USERNAME)) return;
    const password = this.config.rootPassword ?? randomBytes(9).toString('base64url');
    try {
      await this.users.create({ username: ROOT_USERNAME, password, role: Role.Root });
    } catch (e) {
      // Another replica created it at the same moment (unique username).
      if (await this.users.findByUsername(ROOT_USERNAME)) return;
      throw e;
    }
    if (this.config.rootPassword) {
      this.logger.log(`Created the super admin "${ROOT_USERNAME}" with the password from ROOT_PASSWORD`);
    } else {
      // Printed once, on the console, whatever the log level: nobody could log in otherwise.
      console.log(
        `\n  Created the super admin "${ROOT_USERNAME}" with password: ${password}\n  (shown only once; set ROOT_PASSWORD to choose it)\n`,
      );
    }
  }
}
