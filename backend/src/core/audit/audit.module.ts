import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLog } from './audit-log.entity';
import { AuditController } from './audit.controller';
import { AuditReaderService } from './audit-reader.service';
import { AuditService } from './audit.service';

/**
 * The audit trail (README.md). Global, so that every domain module injects `AuditService` without importing it;
 * CoreModule imports and re-exports it. Root reads the trail through its controller (/api/admin/audit).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditLog])],
  controllers: [AuditController],
  providers: [AuditService, AuditReaderService],
  exports: [AuditService],
})
export class AuditModule {}
