import { Global, Module, RequestMethod } from '@nestjs/common';
import { CLOCK, systemClock } from './clock/clock';
import { APP_FILTER, APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from './audit/audit.module';
import { DataSource } from 'typeorm';
import { LoggerModule } from 'nestjs-pino';
import { RoleEntity } from './auth/entities/role.entity';
import { UserRole } from './auth/entities/user-role.entity';
import { User } from './auth/entities/user.entity';
import { AuthGuard } from './auth/auth.guard';
import { LockdownGuard, LockdownService } from './auth/lockdown';
import { AuthEntity } from './auth/entities/auth.entity';
import { RoleAuth } from './auth/entities/role-auth.entity';
import { PermissionService } from './auth/permission.service';
import { RolesGuard } from './auth/roles.guard';
import { SessionService } from './auth/session.service';
import { SwitchGuard } from './auth/switch.guard';
import { TokenService } from './auth/token.service';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EventBus } from './events/event-bus';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { InputBoundsPipe } from './http/input-bounds.pipe';
import { StaticRouteIndex } from './http/static-route-match';
import { HotPathService } from './http/hot-path';
import { createValidationPipe } from './http/validation.pipe';
import { MailService } from './mail/mail.service';
import { verboseLogs } from './observability/console-logger';
import { MetricsService } from './observability/metrics.service';
import { QueueModule } from './queue/queue.module';
import { RateLimitService } from './rate-limit/rate-limit.service';
import { RedisModule } from './redis/redis.module';
import { SiteConfigEntry } from './site-config/site-config.entity';
import { SiteConfigService } from './site-config/site-config.service';
import { SwitchExtensions } from './site-config/switch-extensions';

/**
 * Everything a domain module builds on: config, PostgreSQL, Redis, Bull, logs, metrics, errors, validation, guards (auth → roles → switches), site config, mail, rate limits and the event bus.
 */
@Global()
@Module({
  imports: [
    ConfigModule,
    // The hot path finds its routes among the controllers (core/http/hot-path.ts).
    DiscoveryModule,
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          // JSON lines for log collectors, readable single lines for a person at a console.
          transport: config.logFormat === 'pretty' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
          // One line per API request in JSON mode or at debug level; a console is left to what matters.
          autoLogging: { ignore: (req) => !verboseLogs(config) || !(req.url ?? '').startsWith('/api') },
          redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-judge-token"]', 'res.headers.authorization'],
        },
        // Named wildcard (path-to-regexp 8); under the global prefix this covers /api/*.
        // LOG_LEVEL=silent drops the request logger altogether (it costs even when it writes nothing).
        forRoutes: config.logLevel === 'silent' ? [] : [{ path: '{*path}', method: RequestMethod.ALL }],
      }),
    }),
    DatabaseModule,
    // The audit trail every admin change writes to (core/audit/README.md).
    AuditModule,
    RedisModule,
    QueueModule,
    ScheduleModule.forRoot(),
    TypeOrmModule.forFeature([User, UserRole, RoleEntity, SiteConfigEntry, AuthEntity, RoleAuth]),
  ],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    TokenService,
    SessionService,
    PermissionService,
    SiteConfigService,
    SwitchExtensions,
    MailService,
    RateLimitService,
    MetricsService,
    StaticRouteIndex,
    HotPathService,
    EventBus,
    LockdownService,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: SwitchGuard },
    // Locked-down contests and exams (auth/lockdown.ts): after the others, with the caller they resolved.
    { provide: APP_GUARD, useClass: LockdownGuard },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    // Numbers bounded to their column types on every route (after validation: converted values are checked too).
    { provide: APP_PIPE, inject: [DataSource], useFactory: (ds: DataSource) => new InputBoundsPipe(ds) },
  ],
  exports: [
    CLOCK,
    TokenService,
    SessionService,
    PermissionService,
    SiteConfigService,
    SwitchExtensions,
    MailService,
    RateLimitService,
    MetricsService,
    HotPathService,
    EventBus,
    AuditModule,
    LockdownService,
    TypeOrmModule,
  ],
})
export class CoreModule {}
