import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import { Roles } from '../auth/decorators';
import { attachment } from '../xlsx/xlsx';
import { AuditQueryDto } from './audit-query.dto';
import { AuditReaderService } from './audit-reader.service';

/**
 * /api/admin/audit (contracts AUDIT_ROUTES), root only: the trail is read and exported, never written here. There
 * is deliberately no PUT, POST or DELETE: records are changed by nobody (the table's trigger refuses it too).
 */
@ApiTags('admin audit')
@Roles(Role.Root)
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly reader: AuditReaderService) {}

  @Get('list')
  list(@Query() q: AuditQueryDto) {
    return this.reader.list(q);
  }

  @Get('actions')
  actions() {
    return this.reader.actions();
  }

  @Get('export')
  async export(@Query() q: AuditQueryDto) {
    const csv = Buffer.from(await this.reader.csv(q), 'utf8');
    return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', length: csv.length, disposition: attachment('audit-log.csv') });
  }
}
