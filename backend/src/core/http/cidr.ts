import { isIP } from 'net';

/**
 * Address ranges for locked-down contests and exams (issue 36): a parsed CIDR and the test of a client address
 * against a list of them. Addresses are compared as bytes; an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`, what a
 * dual-stack socket reports for an IPv4 peer) is the IPv4 address it carries, so either form of a range matches it.
 */
export interface IpRange {
  /** 4 bytes (IPv4) or 16 (IPv6), host bits cleared. */
  bytes: Uint8Array;
  prefix: number;
}

function ipv4Bytes(s: string): Uint8Array {
  return Uint8Array.from(s.split('.').map(Number));
}

function ipv6Bytes(s: string): Uint8Array {
  const out = new Uint8Array(16);
  let text = s;
  // A trailing dotted quad stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  const tailV4 = text.slice(lastColon + 1).includes('.') ? ipv4Bytes(text.slice(lastColon + 1)) : undefined;
  if (tailV4)
    text = `${text.slice(0, lastColon + 1)}${((tailV4[0] << 8) | tailV4[1]).toString(16)}:${((tailV4[2] << 8) | tailV4[3]).toString(16)}`;
  const [head, tail] = text.split('::');
  const groups = (h: string | undefined) => (h ? h.split(':').map((g) => parseInt(g, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  all.forEach((g, i) => {
    out[2 * i] = g >> 8;
    out[2 * i + 1] = g & 0xff;
  });
  return out;
}

/** 4 bytes for an IPv4 address or an IPv4-mapped IPv6 one, 16 for other IPv6; undefined when not an address. */
export function addressBytes(address: string): Uint8Array | undefined {
  // A zone index (fe80::1%eth0) names an interface, not part of the address.
  const s = address.trim().replace(/%.*$/, '');
  const family = isIP(s);
  if (family === 4) return ipv4Bytes(s);
  if (family !== 6) return undefined;
  const bytes = ipv6Bytes(s);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : bytes;
}

/**
 * `10.0.0.0/8`, `2001:db8::/32`, or a single address (a /32 or /128); undefined when not valid. An IPv4-mapped
 * IPv6 range of prefix 96 or more becomes the IPv4 range it stands for.
 */
export function parseIpRange(text: string): IpRange | undefined {
  const s = text.trim();
  const slash = s.indexOf('/');
  const addr = slash < 0 ? s : s.slice(0, slash);
  if (addr.includes('%')) return undefined;
  const family = isIP(addr);
  if (!family) return undefined;
  const prefixText = slash < 0 ? undefined : s.slice(slash + 1);
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const max = family === 4 ? 32 : 128;
  let prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  let bytes = family === 4 ? ipv4Bytes(addr) : ipv6Bytes(addr);
  const mapped = family === 6 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped && prefix >= 96) {
    bytes = bytes.slice(12);
    prefix -= 96;
  }
  return { bytes: masked(bytes, prefix), prefix };
}

function masked(bytes: Uint8Array, prefix: number): Uint8Array {
  const out = Uint8Array.from(bytes);
  for (let i = 0; i < out.length; i++) {
    const keep = Math.max(0, Math.min(8, prefix - 8 * i));
    out[i] &= keep === 0 ? 0 : (0xff << (8 - keep)) & 0xff;
  }
  return out;
}

/** Whether the address (already parsed by addressBytes) lies in the range. */
export function inRange(address: Uint8Array, range: IpRange): boolean {
  if (address.length !== range.bytes.length) return false;
  const full = range.prefix >> 3;
  for (let i = 0; i < full; i++) if (address[i] !== range.bytes[i]) return false;
  const rest = range.prefix & 7;
  if (!rest) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (address[full] & mask) === range.bytes[full];
}

/**
 * A compiled list of allowed ranges: `allows(ip)` is true when the list is empty (anyone) or the address lies in
 * one of them; an address that cannot be read is refused by a non-empty list.
 */
export class IpAllowList {
  private readonly ranges: IpRange[];

  constructor(texts: readonly string[]) {
    this.ranges = texts.map((t) => parseIpRange(t)).filter((r): r is IpRange => !!r);
  }

  get empty(): boolean {
    return this.ranges.length === 0;
  }

  allows(ip: string | undefined | null): boolean {
    if (!this.ranges.length) return true;
    const bytes = ip ? addressBytes(ip) : undefined;
    return !!bytes && this.ranges.some((r) => inRange(bytes, r));
  }
}

/** The ranges an admin typed, trimmed, without blanks and duplicates; the first invalid one when there is one. */
export function normaliseIpRanges(texts: readonly string[]): { ranges: string[]; invalid?: string } {
  const ranges: string[] = [];
  for (const raw of texts) {
    const t = raw.trim();
    if (!t) continue;
    if (!parseIpRange(t)) return { ranges, invalid: t };
    if (!ranges.includes(t)) ranges.push(t);
  }
  return { ranges };
}
