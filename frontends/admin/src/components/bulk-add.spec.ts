import { displayIdSequence, firstFreeDisplayId, nextDisplayId } from './bulk-add';

describe('display ids of problems added together', () => {
  it('counts on the digits or letters at the end of an id', () => {
    expect(nextDisplayId('A')).toBe('B');
    expect(nextDisplayId('Z')).toBe('AA');
    expect(nextDisplayId('AZ')).toBe('BA');
    expect(nextDisplayId('az')).toBe('ba');
    expect(nextDisplayId('P9')).toBe('P10');
    expect(nextDisplayId('09')).toBe('10');
    expect(nextDisplayId('T-007')).toBe('T-008');
    expect(nextDisplayId('中文')).toBe('中文2');
  });

  it('skips the ids in use', () => {
    expect(displayIdSequence('A', 3, ['B', 'D'])).toEqual(['A', 'C', 'E']);
    expect(displayIdSequence('P1', 2, [])).toEqual(['P1', 'P2']);
    expect(displayIdSequence('  ', 2, [])).toEqual([]);
  });

  it('starts after the highest id in use', () => {
    expect(firstFreeDisplayId([], 'A')).toBe('A');
    expect(firstFreeDisplayId(['A', 'C', 'B'], 'A')).toBe('D');
    expect(firstFreeDisplayId(['Z', 'AA'], 'A')).toBe('AB');
    expect(firstFreeDisplayId(['P2', 'P10', 'P9'], 'P1')).toBe('P11');
  });
});
