import { AUDIT_LIMITS, ERR } from '@oj/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../pagination/pagination';

/** Filters of the audit list and its CSV export (contracts `AuditListQuery`). */
export class AuditQueryDto extends PageQueryDto {
  /** The actor's uid or username. */
  @IsOptional() @IsString() @MaxLength(255, { message: ERR.badRequest }) actor?: string;
  /** An exact action, or a prefix ending in '.'. */
  @IsOptional() @IsString() @MaxLength(AUDIT_LIMITS.actionMax, { message: ERR.badRequest }) action?: string;
  @IsOptional() @IsString() @MaxLength(AUDIT_LIMITS.targetTypeMax, { message: ERR.badRequest }) targetType?: string;
  @IsOptional() @IsString() @MaxLength(AUDIT_LIMITS.targetIdMax, { message: ERR.badRequest }) targetId?: string;
  /** Epoch milliseconds or an ISO time (checked by the service: a string either way in a query). */
  @IsOptional() @IsString() @MaxLength(40, { message: ERR.badRequest }) from?: string;
  @IsOptional() @IsString() @MaxLength(40, { message: ERR.badRequest }) to?: string;
}
