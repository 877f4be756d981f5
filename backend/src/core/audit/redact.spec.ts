import { REDACTED, isSecretField, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('names secrets by the words in their field names, at any depth', () => {
    for (const name of [
      'password',
      'emailPassword',
      'pwd',
      'privatePwd',
      'clientSecret',
      'accessKeySecret',
      'token',
      'salt',
      'apiKey',
      'key',
      'private_key',
      'cookie',
    ])
      expect(isSecretField(name)).toBe(true);
    for (const name of ['username', 'accessKeyId', 'title', 'monkeyBusiness', 'status']) expect(isSecretField(name)).toBe(false);
  });

  it('replaces secret values, keeps empty ones and numbers about secrets, and copies everything else', () => {
    const when = new Date('2026-12-01T00:00:00Z');
    const out = redactSecrets({
      a: { b: [{ password: 'x', note: 'y' }] },
      token: '',
      pwd: null,
      passwordLength: 8,
      at: when,
      big: BigInt(12),
      skip: undefined,
      fn: () => 1,
    });
    expect(out).toEqual({
      a: { b: [{ password: REDACTED, note: 'y' }] },
      token: '',
      pwd: null,
      passwordLength: 8,
      at: when.toISOString(),
      big: '12',
    });
  });

  it('redacts a secret object whole and cuts cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'n' };
    cyclic.self = cyclic;
    expect(redactSecrets({ credentials: { user: 'u' }, c: cyclic })).toEqual({ credentials: REDACTED, c: { name: 'n', self: '[…]' } });
  });
});
