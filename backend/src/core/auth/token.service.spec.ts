import * as jwt from 'jsonwebtoken';
// The module object itself (the namespace import above is read-only): spied on below.
import jsonwebtoken = require('jsonwebtoken');
import { AppConfig } from '../config/app-config';
import { TokenService } from './token.service';

const config = { jwt: { secret: 'unit-secret', expiresInSec: 100 } } as AppConfig;

describe('TokenService', () => {
  const tokens = new TokenService(config);

  it('signs tokens that verify to the uid and token version', () => {
    const payload = tokens.verify(tokens.sign('u1', 3));
    expect(payload).toMatchObject({ sub: 'u1', ver: 3 });
    expect(payload!.exp - payload!.iat).toBe(100);
  });

  it('gives every token its own id', () => {
    expect(tokens.verify(tokens.sign('u1', 0))!.jti).not.toBe(tokens.verify(tokens.sign('u1', 0))!.jti);
  });

  it('refuses forged, expired and foreign tokens', () => {
    const good = tokens.sign('u1', 0);
    expect(tokens.verify(good.slice(0, -2) + 'xx')).toBeNull();
    expect(tokens.verify(jwt.sign({ ver: 0 }, 'other-secret', { subject: 'u1', jwtid: 'a', expiresIn: 100 }))).toBeNull();
    expect(
      tokens.verify(jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 1 }, 'unit-secret', { subject: 'u1', jwtid: 'a' })),
    ).toBeNull();
    // Same secret, but not one of ours (no version).
    expect(tokens.verify(jwt.sign({}, 'unit-secret', { subject: 'u1', jwtid: 'a', expiresIn: 100 }))).toBeNull();
    expect(tokens.verify('garbage')).toBeNull();
  });

  it('remembers a verified token but still refuses it from its expiry on', () => {
    const fresh = new TokenService(config);
    const token = fresh.sign('u1', 2);
    const first = fresh.verify(token)!;
    // The second check is answered from memory: the library is not asked again.
    const verify = jest.spyOn(jsonwebtoken, 'verify');
    const now = jest.spyOn(Date, 'now');
    try {
      expect(fresh.verify(token)).toEqual(first);
      expect(verify).not.toHaveBeenCalled();
      now.mockReturnValue(first.exp * 1000 - 1);
      expect(fresh.verify(token)).toEqual(first);
      now.mockReturnValue(first.exp * 1000);
      expect(fresh.verify(token)).toBeNull();
      // Forgotten once expired: checked in full again (and refused by the library).
      expect(fresh.verify(token)).toBeNull();
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
      now.mockRestore();
    }
    // A forged copy never shares the remembered answer of the real token.
    expect(fresh.verify(token.slice(0, -2) + 'xx')).toBeNull();
  });

  it('refuses the "none" algorithm', () => {
    const unsigned = jwt.sign({ ver: 0 }, '', { algorithm: 'none', subject: 'u1', jwtid: 'a', expiresIn: 100 });
    expect(tokens.verify(unsigned)).toBeNull();
  });

  it('asks for a refresh once half of the lifetime has passed', () => {
    const iat = 1_000;
    const token = { jti: 'a', iat, exp: iat + 100 };
    expect(tokens.shouldRefresh(token, iat)).toBe(false);
    expect(tokens.shouldRefresh(token, iat + 49)).toBe(false);
    expect(tokens.shouldRefresh(token, iat + 50)).toBe(true);
    expect(tokens.shouldRefresh(token, iat + 99)).toBe(true);
  });

  it('reads the Authorization header with or without Bearer', () => {
    expect(TokenService.extract('abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.extract('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.extract('bearer   abc')).toBe('abc');
    expect(TokenService.extract('')).toBeNull();
    expect(TokenService.extract('Bearer ')).toBeNull();
    expect(TokenService.extract(undefined)).toBeNull();
  });
});
