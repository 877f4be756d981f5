import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ERR } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { BadRequestError } from './api.exception';

type Range = [min: number, max: number];
const SAFE: Range = [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
const RANGES: Record<string, Range> = {
  smallint: [-32768, 32767],
  int2: [-32768, 32767],
  int: [-2147483648, 2147483647],
  int4: [-2147483648, 2147483647],
  integer: [-2147483648, 2147483647],
};
const INTEGER = /^[+-]?\d+$/;

/**
 * Numbers bounded to their column types on every route, without a rule per DTO: a field named like an integer
 * column of any entity (submitId, pid, cid, status...) must fit the widest such column, any other number must be
 * finite and a safe integer when integral (currentPage=1e30). Otherwise PostgreSQL refuses the value mid-query
 * ("out of range for type integer") and the caller got a 500. Numeric strings under an integer column's name are
 * checked too, so this composes with the validation pipe whether it runs before or after it.
 */
@Injectable()
export class InputBoundsPipe implements PipeTransform {
  private ranges?: Map<string, Range>;

  constructor(private readonly dataSource: DataSource) {}

  /** propertyName → widest range among the integer columns of that name, from the entity metadata. */
  private columnRanges(): Map<string, Range> {
    if (this.ranges) return this.ranges;
    const ranges = new Map<string, Range>();
    const wide = new Set<string>();
    for (const entity of this.dataSource.entityMetadatas) {
      for (const column of entity.columns) {
        const name = column.propertyName;
        const type = typeof column.type === 'string' ? column.type : column.type === Number ? 'int' : '';
        const range = RANGES[type];
        if (!range) {
          // The same name is also a non-integer column somewhere: leave it to the generic bound.
          wide.add(name);
          continue;
        }
        const known = ranges.get(name);
        ranges.set(name, known ? [Math.min(known[0], range[0]), Math.max(known[1], range[1])] : range);
      }
    }
    for (const name of wide) ranges.delete(name);
    this.ranges = ranges;
    return ranges;
  }

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom' || value === null || value === undefined) return value;
    const ranges = this.columnRanges();
    const check = (v: unknown, key: string | undefined): void => {
      const range = key !== undefined ? ranges.get(key) : undefined;
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new BadRequestError(ERR.badRequest);
        if (Number.isInteger(v) && (v < (range ?? SAFE)[0] || v > (range ?? SAFE)[1])) throw new BadRequestError(ERR.badRequest);
      } else if (typeof v === 'string') {
        if (range && INTEGER.test(v) && (Number(v) < range[0] || Number(v) > range[1])) throw new BadRequestError(ERR.badRequest);
      } else if (Array.isArray(v)) {
        for (const item of v) check(item, key); // a list of ids is bounded like one id
      } else if (typeof v === 'object' && v !== null) {
        for (const [k, item] of Object.entries(v)) check(item, k);
      }
    };
    // The input guard (input-guard.middleware) already bounded the depth, so this recursion is shallow.
    check(value, metadata.data);
    return value;
  }
}
