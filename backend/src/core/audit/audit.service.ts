import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { AuthRequest, AuthUser } from '../auth/auth-user';
import { AuditLog } from './audit-log.entity';
import { redactSecrets } from './redact';

/** One change to record (core/audit/README.md). */
export interface AuditEntry {
  /** Dotted name, e.g. 'judge.manual-verdict', 'user.update', 'sso.provider.update', 'session.replaced'. */
  action: string;
  /** Null for the system. */
  actorUid: string | null;
  actorName?: string | null;
  ip?: string | null;
  /** 'judge' | 'user' | 'contest' | 'exam' | 'problem' | 'config' | ... */
  targetType?: string;
  targetId?: string | number | null;
  /** Secrets (password, secret, token, key, salt... fields at any depth) are redacted by the service. */
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/** The "who and from where" part of an entry. */
export type AuditActor = Pick<AuditEntry, 'actorUid' | 'actorName' | 'ip'>;

/**
 * The actor part of an entry from a request: the caller the guards resolved, and `req.ip`, which is the socket's
 * peer unless TRUSTED_PROXIES names the proxy in front (then its X-Forwarded-For; app.setup.ts), the address
 * every per-IP limit of the project reads.
 */
export function auditActor(req: Pick<AuthRequest, 'user' | 'ip' | 'socket'>, user?: AuthUser | null): AuditActor {
  const who = user ?? req.user ?? null;
  return {
    actorUid: who?.uid ?? null,
    actorName: who?.username ?? null,
    ip: req.ip ?? req.socket?.remoteAddress ?? null,
  };
}

const clip = (s: string | null | undefined, max: number): string | null =>
  s === null || s === undefined ? null : s.length > max ? s.slice(0, max) : s;

/** Writes the audit trail; nothing here edits or deletes a record (the table's trigger refuses it anyway). */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLog) private readonly repo: Repository<AuditLog>) {}

  /**
   * Records one change. Given the caller's `manager`, the record is written in its transaction: it exists exactly
   * when the change was committed.
   */
  async record(entry: AuditEntry, manager?: EntityManager): Promise<void> {
    const row = {
      action: clip(entry.action, 64) ?? '',
      actorUid: clip(entry.actorUid, 32),
      actorName: clip(entry.actorName ?? null, 255),
      ip: clip(entry.ip ?? null, 64),
      targetType: clip(entry.targetType ?? null, 32),
      targetId: entry.targetId === null || entry.targetId === undefined ? null : clip(String(entry.targetId), 128),
      before: entry.before === undefined ? null : redactSecrets(entry.before),
      after: entry.after === undefined ? null : redactSecrets(entry.after),
      note: clip(entry.note ?? null, 1024),
    };
    // insert(), not save(): an append-only table has nothing to merge with, and save() would read first.
    await (manager ?? this.repo.manager).getRepository(AuditLog).insert(row as QueryDeepPartialEntity<AuditLog>);
  }
}
