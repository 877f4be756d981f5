import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AUDIT_CSV_COLUMNS, AUDIT_LIMITS, AuditRecordView, ERR, Page } from '@oj/contracts';
import { Brackets, Repository, SelectQueryBuilder } from 'typeorm';
import { BadRequestError } from '../http/api.exception';
import { pageRequest, toPage } from '../pagination/pagination';
import { AuditLog } from './audit-log.entity';
import { AuditQueryDto } from './audit-query.dto';

/** A query's time bound: epoch milliseconds or an ISO time; anything else is a 400. */
function parseTime(v: string | undefined): Date | null {
  if (v === undefined || v === '') return null;
  const d = /^\d{1,15}$/.test(v) ? new Date(Number(v)) : new Date(v);
  if (Number.isNaN(d.getTime())) throw new BadRequestError(ERR.badRequest);
  return d;
}

/** A CSV cell (RFC 4180), with a leading quote on text a spreadsheet would run as a formula. */
function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function view(r: AuditLog): AuditRecordView {
  return {
    id: String(r.id),
    time: r.time.toISOString(),
    actorUid: r.actorUid,
    actorName: r.actorName,
    ip: r.ip,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    before: r.before ?? null,
    after: r.after ?? null,
    note: r.note,
  };
}

/** Root's reading of the audit trail: filters, pages and the CSV export. Reads only. */
@Injectable()
export class AuditReaderService {
  constructor(@InjectRepository(AuditLog) private readonly repo: Repository<AuditLog>) {}

  async list(q: AuditQueryDto): Promise<Page<AuditRecordView>> {
    const req = pageRequest(q);
    const [rows, total] = await this.filtered(q).skip(req.skip).take(req.size).getManyAndCount();
    return toPage(rows.map(view), total, req);
  }

  /** The export as CSV text, newest first, at most AUDIT_LIMITS.exportMax rows (a BOM so spreadsheets read UTF-8). */
  async csv(q: AuditQueryDto): Promise<string> {
    const rows = await this.filtered(q).take(AUDIT_LIMITS.exportMax).getMany();
    const lines = [AUDIT_CSV_COLUMNS.join(',')];
    for (const r of rows) {
      const v = view(r) as unknown as Record<string, unknown>;
      lines.push(AUDIT_CSV_COLUMNS.map((c) => csvCell(v[c])).join(','));
    }
    return '\ufeff' + lines.join('\r\n') + '\r\n';
  }

  async actions(): Promise<string[]> {
    const rows: { action: string }[] = await this.repo.query('SELECT DISTINCT action FROM audit_log ORDER BY action');
    return rows.map((r) => r.action);
  }

  private filtered(q: AuditQueryDto): SelectQueryBuilder<AuditLog> {
    const from = parseTime(q.from);
    const to = parseTime(q.to);
    const qb = this.repo.createQueryBuilder('a').orderBy('a.time', 'DESC').addOrderBy('a.id', 'DESC');
    if (q.actor) qb.andWhere(new Brackets((w) => w.where('a.actorUid = :actor').orWhere('a.actorName = :actor')), { actor: q.actor });
    if (q.action) {
      if (q.action.endsWith('.')) qb.andWhere('starts_with(a.action, :action)', { action: q.action });
      else qb.andWhere('a.action = :action', { action: q.action });
    }
    if (q.targetType) qb.andWhere('a.targetType = :targetType', { targetType: q.targetType });
    if (q.targetId) qb.andWhere('a.targetId = :targetId', { targetId: q.targetId });
    if (from) qb.andWhere('a.time >= :from', { from });
    if (to) qb.andWhere('a.time <= :to', { to });
    return qb;
  }
}
