import { isIpRange } from '@oj/contracts';
import { IpAllowList, addressBytes, normaliseIpRanges, parseIpRange } from './cidr';

describe('CIDR matcher (locked-down contests and exams)', () => {
  it('matches IPv4 ranges at their prefix', () => {
    const list = new IpAllowList(['10.0.0.0/8', '192.168.1.0/24', '172.16.5.4']);
    expect(list.allows('10.200.3.4')).toBe(true);
    expect(list.allows('11.0.0.1')).toBe(false);
    expect(list.allows('192.168.1.255')).toBe(true);
    expect(list.allows('192.168.2.1')).toBe(false);
    expect(list.allows('172.16.5.4')).toBe(true);
    expect(list.allows('172.16.5.5')).toBe(false);
  });

  it('handles prefixes that are not byte-aligned and clears host bits', () => {
    const list = new IpAllowList(['100.64.0.1/10']);
    expect(list.allows('100.64.0.0')).toBe(true);
    expect(list.allows('100.127.255.255')).toBe(true);
    expect(list.allows('100.128.0.0')).toBe(false);
    expect(new IpAllowList(['0.0.0.0/0']).allows('8.8.8.8')).toBe(true);
  });

  it('matches IPv6 ranges, compressed or not', () => {
    const list = new IpAllowList(['2001:db8::/32', 'fe80:0:0:0:0:0:0:1/128']);
    expect(list.allows('2001:db8:ffff::1')).toBe(true);
    expect(list.allows('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('fe80::1')).toBe(true);
    expect(list.allows('fe80::2')).toBe(false);
    expect(list.allows('fe80::1%eth0')).toBe(true);
    expect(new IpAllowList(['2001:db8:1234::/47']).allows('2001:db8:1235::9')).toBe(true);
    expect(new IpAllowList(['2001:db8:1234::/47']).allows('2001:db8:1236::9')).toBe(false);
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it carries, and a mapped range as an IPv4 one', () => {
    expect(addressBytes('::ffff:10.1.2.3')).toEqual(Uint8Array.from([10, 1, 2, 3]));
    expect(addressBytes('::ffff:a01:203')).toEqual(Uint8Array.from([10, 1, 2, 3]));
    const v4 = new IpAllowList(['10.1.0.0/16']);
    expect(v4.allows('::ffff:10.1.2.3')).toBe(true);
    expect(v4.allows('::ffff:10.2.2.3')).toBe(false);
    const mapped = new IpAllowList(['::ffff:10.1.0.0/112']);
    expect(mapped.allows('10.1.9.9')).toBe(true);
    expect(mapped.allows('10.3.9.9')).toBe(false);
    // An IPv4 range never matches an IPv6 address that is not a mapped one.
    expect(v4.allows('::a01:203')).toBe(false);
  });

  it('lets anyone in when empty and refuses unreadable addresses otherwise', () => {
    expect(new IpAllowList([]).allows(undefined)).toBe(true);
    expect(new IpAllowList(['10.0.0.0/8']).allows(undefined)).toBe(false);
    expect(new IpAllowList(['10.0.0.0/8']).allows('not-an-ip')).toBe(false);
  });

  it('refuses invalid ranges on the server and in the shared client check alike', () => {
    for (const bad of [
      '10.0.0.0/33',
      '300.1.1.1',
      '10.0.0/8',
      '2001:db8::/129',
      '2001::db8::1',
      'abc',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '01.2.3.4',
    ]) {
      expect(parseIpRange(bad)).toBeUndefined();
      expect(isIpRange(bad)).toBe(false);
    }
    for (const good of ['10.0.0.0/8', '1.2.3.4', '::/0', '2001:db8::/32', '::ffff:10.0.0.0/104', 'fe80::1']) {
      expect(parseIpRange(good)).toBeDefined();
      expect(isIpRange(good)).toBe(true);
    }
    expect(normaliseIpRanges([' 10.0.0.0/8 ', '', '10.0.0.0/8', '::1'])).toEqual({ ranges: ['10.0.0.0/8', '::1'] });
    expect(normaliseIpRanges(['10.0.0.0/8', 'x/1']).invalid).toBe('x/1');
  });
});
