import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, loadInstallationConfig } from './app-config';

/** Provides the typed AppConfig (with the installation id) under APP_CONFIG to every module. Tests override the provider. */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: () => loadInstallationConfig() }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
