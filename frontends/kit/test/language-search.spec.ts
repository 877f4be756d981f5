import { LANGUAGE_SELECT_SEARCH, languageMatches } from '../src/utils/language-search';

describe('searching the language dropdown by typing (issue 37 item 12)', () => {
  const names = ['C', 'C++ 17', 'C++ 17 With O2', 'C#', 'Python3', 'PyPy3', 'JavaScript Node', 'Java'];
  const found = (typed: string) => names.filter((n) => languageMatches(typed, n));

  it('matches part of the name, ignoring case and spaces', () => {
    expect(found('pyth')).toEqual(['Python3']);
    expect(found('JAVA')).toEqual(['JavaScript Node', 'Java']);
    expect(found('c++17o2')).toEqual([]);
    expect(found('c++ 17 with')).toEqual(['C++ 17 With O2']);
  });

  it('takes the spellings people type for symbols', () => {
    expect(found('cpp17')).toEqual(['C++ 17', 'C++ 17 With O2']);
    expect(found('csharp')).toEqual(['C#']);
  });

  it('shows everything for an empty search, and reads an option by its label', () => {
    expect(found('  ')).toEqual(names);
    expect(LANGUAGE_SELECT_SEARCH.showSearch).toBe(true);
    expect(LANGUAGE_SELECT_SEARCH.filterOption('py', { label: 'PyPy3', value: 'PyPy3' })).toBe(true);
    expect(LANGUAGE_SELECT_SEARCH.filterOption('py', { label: 'Rust', value: 'Rust' })).toBe(false);
  });
});
