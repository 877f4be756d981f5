/** Field rules of the admin login form (product §5), texts from contracts. */
import { ERR, LIMITS } from '@oj/contracts';

export function usernameError(value: string | undefined): string | null {
  if (!value) return ERR.usernameRequired;
  if (value.length > LIMITS.usernameMax) return ERR.usernameTooLong;
  return null;
}

export function passwordError(value: string | undefined): string | null {
  if (!value) return ERR.passwordRequired;
  if (value.length < LIMITS.passwordMin || value.length > LIMITS.passwordMax) return ERR.passwordLength;
  return null;
}
