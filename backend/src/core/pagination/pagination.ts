import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_PAGE_SIZE, MAX_CURRENT_PAGE, MAX_PAGE_SIZE, Page } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** `currentPage` and `limit` query parameters (extend it for list DTOs with filters). */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  currentPage?: number;

  @ApiPropertyOptional({ default: DEFAULT_PAGE_SIZE, minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

export interface PageRequest {
  current: number;
  size: number;
  skip: number;
}

/**
 * Normalised page numbers: currentPage 1..MAX_CURRENT_PAGE (default 1), limit 1..MAX_PAGE_SIZE (default 10). Every
 * list pages through here, so a huge, float or non-numeric page number is clamped here and nowhere else.
 */
export function pageRequest(query: { currentPage?: number | null; limit?: number | null } = {}): PageRequest {
  const current = Math.min(MAX_CURRENT_PAGE, Math.max(1, Math.floor(Number(query.currentPage) || 1)));
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(query.limit) || DEFAULT_PAGE_SIZE)));
  return { current, size, skip: (current - 1) * size };
}

/** `{ records, total, size, current, pages }` from one page of records and the total count. */
export function toPage<T>(records: T[], total: number, req: PageRequest): Page<T> {
  return { records, total, size: req.size, current: req.current, pages: Math.ceil(total / req.size) };
}

/** Runs a filtered QueryBuilder as one page. */
export async function paginate<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: { currentPage?: number | null; limit?: number | null },
): Promise<Page<T>> {
  const req = pageRequest(query);
  const [records, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
  return toPage(records, total, req);
}

/** A user's text as a literal inside an ILIKE pattern (its %, _ and backslashes escaped). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
