import { ERR, isHttpLink } from '@oj/contracts';
import { ValidateIf, ValidateBy } from 'class-validator';

/**
 * A user-given link field (product §5): empty or absent clears it, anything else must be an http(s) address
 * (contracts `isHttpLink`), answered with ERR.linkNotHttp. A `javascript:` link stored once would run in the
 * session of whoever clicks it on the owner's page.
 */
export function HttpLink(): PropertyDecorator {
  return (target, key) => {
    ValidateIf((_: unknown, value: unknown) => value !== null && value !== undefined && value !== '')(target, key);
    ValidateBy({ name: 'isHttpLink', validator: { validate: (v: unknown) => isHttpLink(v as string) } }, { message: ERR.linkNotHttp })(
      target,
      key,
    );
  };
}
