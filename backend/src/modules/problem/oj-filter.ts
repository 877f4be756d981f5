import { REMOTE_OJS } from '@oj/contracts';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * HOJ's `oj` filter of problem lists and pickers: absent or `All` is no filter, a remote judge's key (HDU, CF, ...)
 * is that judge's problems, and any other value (`Mine`, `ME`, ...) is the local bank.
 */
export function applyOjFilter<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, oj: string | undefined): void {
  if (!oj || oj === 'All') return;
  const remote = REMOTE_OJS.find((key) => key === oj.toUpperCase());
  if (remote) qb.andWhere(`${alias}.isRemote = true AND ${alias}.remoteOj = :remoteOj`, { remoteOj: remote });
  else qb.andWhere(`${alias}.isRemote = false`);
}

/**
 * The attribution of tags and tag classes an `oj` parameter asks for: `null` for all (`All`, any case), a remote
 * judge's key, or the local bank's `ME` (absent, `Mine`, `ME` or anything else local).
 */
export function tagOjOf(oj: string | undefined): string | null {
  const key = (oj ?? LOCAL_TAG_OJ).toUpperCase();
  if (key === 'ALL') return null;
  return REMOTE_OJS.find((r) => r === key) ?? LOCAL_TAG_OJ;
}

/** Attribution of local tags (HOJ's "ME"). */
export const LOCAL_TAG_OJ = 'ME';
