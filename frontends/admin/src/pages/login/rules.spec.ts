import { ERR } from '@oj/contracts';
import { passwordError, usernameError } from './rules';

describe('admin login rules (product §5)', () => {
  it('requires a username of at most 20 characters', () => {
    expect(usernameError('')).toBe(ERR.usernameRequired);
    expect(usernameError(undefined)).toBe(ERR.usernameRequired);
    expect(usernameError('a'.repeat(21))).toBe(ERR.usernameTooLong);
    expect(usernameError('a'.repeat(20))).toBeNull();
  });

  it('requires a password of 6 to 20 characters', () => {
    expect(passwordError('')).toBe(ERR.passwordRequired);
    expect(passwordError('12345')).toBe(ERR.passwordLength);
    expect(passwordError('1'.repeat(21))).toBe(ERR.passwordLength);
    expect(passwordError('123456')).toBeNull();
    expect(passwordError('1'.repeat(20))).toBeNull();
  });
});
