/** The source of an imported checker, validator or interactor as one file: headers beside it inlined. */

/**
 * Replaces `#include "name"` lines whose header `read(name)` finds with that header's text (each header once,
 * nested up to 8 deep). testlib.h stays an include: the judge has its own copy on the include path.
 */
export function inlineHeaders(source: string, read: (name: string) => Buffer | undefined): string {
  const seen = new Set<string>();
  const inline = (text: string, depth: number): string =>
    text.replace(/^[ \t]*#[ \t]*include[ \t]*"([^"/]+)"[^\n]*$/gm, (line, name: string) => {
      if (name === 'testlib.h') return line;
      const header = read(name);
      if (!header || depth > 8) return line;
      if (seen.has(name)) return '';
      seen.add(name);
      return inline(header.toString('utf8'), depth + 1);
    });
  return inline(source, 0);
}
