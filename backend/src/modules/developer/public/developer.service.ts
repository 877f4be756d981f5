import { Injectable } from '@nestjs/common';
import { SystemInfo } from '@oj/contracts';
import { readFileSync } from 'fs';
import * as path from 'path';
import { JudgeQueueService } from '../../judge-queue/judge-queue.service';
import { JudgeServerRegistry } from '../../judge-queue/judge-server-registry.service';

/** backend/package.json, four levels up from src/modules/developer/public and from dist/modules/developer/public. */
const VERSION = (JSON.parse(readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as { version: string }).version;

/** The public system information of /developer: version, judge servers and their languages, the queue. */
@Injectable()
export class DeveloperService {
  constructor(
    private readonly queue: JudgeQueueService,
    private readonly registry: JudgeServerRegistry,
  ) {}

  async systemInfo(): Promise<SystemInfo> {
    const [servers, counts] = await Promise.all([this.registry.servers(), this.queue.queue.getJobCounts()]);
    const capacity = servers.reduce((s, j) => s + j.concurrency, 0);
    return {
      version: VERSION,
      nodeVersion: process.version,
      uptimeSec: Math.round(process.uptime()),
      queue: { waiting: counts.waiting, active: counts.active, delayed: counts.delayed },
      // Workers report capacity, not per-worker use: load is the running jobs over all judging slots.
      judgeLoadPercent: capacity ? Math.min(100, Math.round((counts.active / capacity) * 100)) : null,
      judgeServers: servers.map((s) => ({
        name: s.name,
        hostname: s.hostname,
        concurrency: s.concurrency,
        cgroup: s.cgroup,
        languages: s.languages.map((l) => l.name),
        startedAt: s.startedAt,
        lastHeartbeat: s.lastHeartbeat,
      })),
    };
  }
}
