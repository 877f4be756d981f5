import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  ACCOUNT_TIMINGS,
  AccountRules,
  BackendReplicaInfo,
  DbAndRedisConfig,
  JudgeServerInfo,
  JUDGE_SERVER_HEARTBEAT_SEC,
  JudgeServiceInfo,
  LIMITS,
  RegistryInstance,
  ServiceInfo,
  TIMINGS,
  heartbeatHealthy,
  judgeServerKey,
  percentText,
} from '@oj/contracts';
import Redis from 'ioredis';
import * as os from 'os';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { REDIS } from '../../core/redis/redis.module';
import { SiteConfigService } from '../../core/site-config/site-config.service';

const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TTL_SEC = 30;
const REPLICA_KEY = 'backend-replica:';

/** What the admin sees of the running system: this backend, the judge workers, the data source. */
@Injectable()
export class SystemInfoService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SystemInfoService.name);
  /** Judge workers announce themselves under unprefixed keys, so they are read without the key prefix. */
  private rawRedis?: Redis;
  private timer?: NodeJS.Timeout;
  private readonly instanceId: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly siteConfig: SiteConfigService,
  ) {
    this.instanceId = `${os.hostname()}:${config.port}:${process.pid}`;
  }

  /** Each replica announces itself (its own figures) in Redis; the dashboard lists every live one. */
  async onModuleInit(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.redis.del(REPLICA_KEY + this.instanceId).catch(() => undefined);
    await this.rawRedis?.quit().catch(() => this.rawRedis?.disconnect());
  }

  private ownFigures(): BackendReplicaInfo {
    const cores = Math.max(1, os.cpus().length);
    return {
      instanceId: this.instanceId,
      hostname: os.hostname(),
      pid: process.pid,
      port: this.config.port,
      cpuCores: cores,
      cpuPercent: Math.min(100, Math.round((os.loadavg()[0] / cores) * 100)),
      memoryPercent: Math.round(((os.totalmem() - os.freemem()) / os.totalmem()) * 100),
      processRssBytes: process.memoryUsage().rss,
      uptimeSec: Math.round(process.uptime()),
      lastHeartbeat: new Date().toISOString(),
    };
  }

  private async beat(): Promise<void> {
    try {
      await this.redis.set(REPLICA_KEY + this.instanceId, JSON.stringify(this.ownFigures()), 'EX', HEARTBEAT_TTL_SEC);
    } catch (e) {
      this.logger.warn(`replica heartbeat failed: ${(e as Error).message}`);
    }
  }

  /** The live replicas of this installation (the client's key prefix is the installation's). */
  async replicas(): Promise<BackendReplicaInfo[]> {
    const prefix = this.config.redis.keyPrefix;
    const keys: string[] = [];
    let cursor = '0';
    do {
      // SCAN does not add the client's prefix to its pattern, and answers full key names.
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${prefix}${REPLICA_KEY}*`, 'COUNT', 200);
      keys.push(...batch.map((k) => k.slice(prefix.length)));
      cursor = next;
    } while (cursor !== '0');
    if (!keys.length) return [];
    const values = await this.redis.mget(...keys);
    return values
      .filter((v): v is string => Boolean(v))
      .map((v) => JSON.parse(v) as BackendReplicaInfo)
      .sort((a, b) => a.instanceId.localeCompare(b.instanceId));
  }

  /** GET get-service-info: this machine's figures (HOJ's names too), every replica, registry and HTTPS status. */
  async serviceInfo(secureRequest = false): Promise<ServiceInfo> {
    const [replicas, registryStatus, web] = await Promise.all([
      this.replicas().catch(() => [] as BackendReplicaInfo[]),
      this.redis.ping().then(
        () => 'UP' as const,
        () => 'DOWN' as const,
      ),
      this.siteConfig.get('web'),
    ]);
    const own = this.localInfo();
    const others = replicas.filter((r) => r.instanceId !== this.instanceId);
    const https = secureRequest || /^https:/i.test(web.baseUrl || this.config.baseUrl || '');
    return {
      ...own,
      backupService: [
        ...own.backupService,
        ...others.map((r): RegistryInstance => ({
          serviceId: 'oj-backend',
          instanceId: r.instanceId,
          host: r.hostname,
          port: r.port,
          secure: false,
          uri: `http://${r.hostname}:${r.port}`,
          metadata: { pid: String(r.pid), 'nacos.healthy': String(heartbeatHealthy(r.lastHeartbeat, HEARTBEAT_MS / 1000)) },
        })),
      ],
      // HOJ's dashboard reads its registry (Nacos) state here; the registry of this platform is Redis.
      nacos: { status: registryStatus },
      replicas: replicas.some((r) => r.instanceId === this.instanceId) ? replicas : [this.ownFigures(), ...replicas],
      registryStatus,
      https,
    };
  }

  private localInfo(): Omit<ServiceInfo, 'replicas' | 'registryStatus' | 'https' | 'nacos'> {
    const mem = process.memoryUsage();
    const cpus = os.cpus();
    return {
      nodeVersion: process.version,
      pid: process.pid,
      hostname: os.hostname(),
      uptimeSec: Math.round(process.uptime()),
      cpuCores: cpus.length,
      loadAverage: os.loadavg(),
      /** 1-minute load divided by cores, as a percentage. */
      cpuPercent: Math.min(100, Math.round((os.loadavg()[0] / Math.max(1, cpus.length)) * 100)),
      totalMemoryBytes: os.totalmem(),
      freeMemoryBytes: os.freemem(),
      memoryPercent: Math.round(((os.totalmem() - os.freemem()) / os.totalmem()) * 100),
      processRssBytes: mem.rss,
      processHeapUsedBytes: mem.heapUsed,
      env: this.config.env,
      backupCores: cpus.length,
      backupPercentCpuLoad: percentText(os.loadavg()[0] / Math.max(1, cpus.length)),
      backupPercentMemoryLoad: percentText((os.totalmem() - os.freemem()) / os.totalmem()),
      backupService: [
        {
          serviceId: 'oj-backend',
          instanceId: this.instanceId,
          host: os.hostname(),
          port: this.config.port,
          // HOJ's dashboard shows `secure` as "protection threshold triggered" (Nacos): nothing here trips one.
          secure: false,
          uri: this.config.baseUrl,
          // This replica answers the call: it is alive.
          metadata: { pid: String(process.pid), nodeVersion: process.version, 'nacos.healthy': 'true' },
        },
      ],
    };
  }

  /** The live judge workers, each with HOJ's `service` (workers pull jobs from Redis: they listen on no port). */
  async judgeServers(): Promise<JudgeServiceInfo[]> {
    this.rawRedis ??= new Redis(this.config.redis.url, { maxRetriesPerRequest: 3 });
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.rawRedis.scan(cursor, 'MATCH', judgeServerKey(this.config.bull.prefix, '*'), 'COUNT', 200);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    if (!keys.length) return [];
    const values = await this.rawRedis.mget(...keys);
    return values
      .filter((v): v is string => Boolean(v))
      .map((v) => JSON.parse(v) as JudgeServerInfo)
      .map((info) => {
        const port = info.metricsPort ?? 0;
        return {
          ...info,
          service: {
            serviceId: 'oj-judge',
            instanceId: info.name,
            host: info.hostname,
            port,
            secure: false,
            uri: port ? `http://${info.hostname}:${port}` : '',
            metadata: {
              // HOJ's dashboard names a judge by metadata.judgeName and shows it healthy by Nacos' flag.
              judgeName: info.name,
              'nacos.healthy': String(heartbeatHealthy(info.lastHeartbeat, JUDGE_SERVER_HEARTBEAT_SEC)),
              name: info.name,
              pid: String(info.pid),
              concurrency: String(info.concurrency),
              cgroup: info.cgroup,
            },
          },
        };
      });
  }

  dbAndRedis(): DbAndRedisConfig {
    const db = new URL(this.config.database.url);
    const redis = new URL(this.config.redis.url);
    return {
      dbHost: db.hostname,
      dbPort: Number(db.port || 5432),
      dbName: db.pathname.replace(/^\//, ''),
      dbUsername: decodeURIComponent(db.username),
      redisHost: redis.hostname,
      redisPort: Number(redis.port || 6379),
      redisKeyPrefix: this.config.redis.keyPrefix,
      embeddedPostgres: this.config.database.embedded,
    };
  }

  /** The account rules in force: the constants the account code uses and this replica's env settings. */
  accountRules(): AccountRules {
    const rate = this.config.rateLimit;
    return {
      usernameMax: LIMITS.usernameMax,
      passwordMin: LIMITS.passwordMin,
      passwordMax: LIMITS.passwordMax,
      registerCodeLength: LIMITS.registerCodeLength,
      registerCodeTtlSec: ACCOUNT_TIMINGS.registerCodeTtlSec,
      registerCodeResendSec: TIMINGS.registerCodeResendSec,
      passwordResetResendSec: TIMINGS.passwordResetResendSec,
      emailChangeCodeResendSec: TIMINGS.emailChangeCodeResendSec,
      mobileCodeResendSec: TIMINGS.mobileCodeResendSec,
      loginFailuresBeforeVerify: LIMITS.loginFailuresBeforeVerify,
      tokenLifetimeSec: this.config.jwt.expiresInSec,
      throttle: rate.enabled
        ? { loginPerIpPerMin: rate.loginPerIpPerMin, loginPerUserPerMin: rate.loginPerUserPerMin, codePerIpPerHour: rate.codePerIpPerHour }
        : null,
    };
  }
}
