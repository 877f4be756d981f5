import { formatClock, formatLength, formatMemoryKb, formatTimeMs } from '../src/utils/format';

describe('display helpers (product §9)', () => {
  it('shows memory in KB, MB and up to YB', () => {
    expect(formatMemoryKb(512)).toBe('512KB');
    expect(formatMemoryKb(2048)).toBe('2MB');
    expect(formatMemoryKb(1536)).toBe('1.50MB');
    expect(formatMemoryKb(1024 ** 8)).toBe('1024YB');
    expect(formatMemoryKb(null)).toBe('--');
  });
  it('shows time in ms and length in B', () => {
    expect(formatTimeMs(15)).toBe('15ms');
    expect(formatLength(120)).toBe('120B');
  });
  it('shows the clock as hh:mm:ss', () => {
    expect(formatClock(3 * 3600 + 4 * 60 + 5)).toBe('03:04:05');
    expect(formatClock(-5)).toBe('00:00:00');
  });
});
