/**
 * Typing in a language dropdown (issue 37 item 12: 42 languages). A language matches when its name holds what was
 * typed, ignoring case and spaces, with the spellings people type for symbols: "cpp" finds C++, "csharp" finds C#.
 */
const fold = (s: string) => s.toLowerCase().replace(/\+/g, 'p').replace(/#/g, 'sharp').replace(/\s+/g, '');

export function languageMatches(typed: string, name: string): boolean {
  const query = fold(typed.trim());
  return query === '' || fold(name).includes(query);
}

/** Props for an antd Select of languages (options labelled with the language's name): search by typing. */
export const LANGUAGE_SELECT_SEARCH = {
  showSearch: true,
  filterOption: (typed: string, option?: { label?: unknown; value?: unknown }) =>
    languageMatches(typed, String(option?.label ?? option?.value ?? '')),
} as const;
