import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DbAndRedisConfig, JudgeServerInfo, JudgeServiceInfo, ServiceInfo, judgeServerKey, percentText } from '@oj/contracts';
import Redis from 'ioredis';
import * as os from 'os';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';

/** What the admin sees of the running system: this backend, the judge workers, the data source. */
@Injectable()
export class SystemInfoService implements OnApplicationShutdown {
  /** Judge workers announce themselves under unprefixed keys, so they are read without the key prefix. */
  private rawRedis?: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rawRedis?.quit().catch(() => this.rawRedis?.disconnect());
  }

  serviceInfo(): ServiceInfo {
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
          instanceId: `${os.hostname()}:${this.config.port}:${process.pid}`,
          host: os.hostname(),
          port: this.config.port,
          uri: this.config.baseUrl,
          metadata: { pid: String(process.pid), nodeVersion: process.version },
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
      .map((info) => ({
        ...info,
        service: {
          serviceId: 'oj-judge',
          instanceId: info.name,
          host: info.hostname,
          port: null,
          metadata: { name: info.name, pid: String(info.pid), concurrency: String(info.concurrency), cgroup: info.cgroup },
        },
      }));
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
}
