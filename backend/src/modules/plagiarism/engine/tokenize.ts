/**
 * Programs as normalised tokens, so that what a copier changes cheaply does not change what is compared: every
 * identifier is `I` (renamed variables and functions look the same), every number `N`, every string or character
 * literal `S`; comments, blank lines, spacing and `#include` lines are dropped; keywords and operators are kept
 * (they are the program's structure). This is MOSS's normalisation. A language without a lexer here is compared by
 * its non-blank characters instead (`characters`), which still survives reindenting and blank lines.
 */

/** One token and the 1-based source line it starts on (to show matching regions as lines). */
export interface Token {
  text: string;
  line: number;
}

/** The lexers here; `characters` is the fallback for every other language. */
export type Lexer = 'c' | 'java' | 'python' | 'characters';

/** Which submissions are compared with each other: one C and C++ group (a copy may change the standard), Java, Python. */
export interface LanguageGroup {
  /** the key pairs are grouped under: the family, or the language's own name for the fallback */
  key: string;
  lexer: Lexer;
}

/** The comparison group of a language name as the judge names it ('C++ 17 With O2', 'Python3', 'PyPy3', 'Java'). */
export function languageGroup(language: string): LanguageGroup {
  const name = language.trim();
  if (/^(C|C\+\+)( \d+)?( With O2)?$/i.test(name) || /^(gcc|g\+\+|clang)/i.test(name)) return { key: 'C/C++', lexer: 'c' };
  if (/^Java(\s|$)/i.test(name)) return { key: 'Java', lexer: 'java' };
  if (/^(Python|PyPy)\s*[23]?$/i.test(name)) return { key: 'Python', lexer: 'python' };
  return { key: name, lexer: 'characters' };
}

const C_KEYWORDS = new Set(
  (
    'auto bool break case catch char class const constexpr continue default delete do double else enum extern false float for ' +
    'friend goto if inline int long namespace new nullptr operator private protected public register return short signed ' +
    'sizeof static static_cast struct switch template this throw true try typedef typename union unsigned using virtual void ' +
    'volatile while std cin cout cerr endl printf scanf puts gets getchar putchar main vector map set string pair queue ' +
    'stack deque priority_queue unordered_map unordered_set sort min max swap memset size push_back begin end'
  ).split(' '),
);

const JAVA_KEYWORDS = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally ' +
    'float for if implements import instanceof int interface long native new null package private protected public return ' +
    'short static strictfp super switch synchronized this throw throws transient try void volatile while true false var ' +
    'String System out println print Scanner nextInt nextLine next BufferedReader InputStreamReader Integer Long Math ' +
    'ArrayList HashMap List Map main args length size add get'
  ).split(' '),
);

const PYTHON_KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from global if ' +
    'import in is lambda nonlocal not or pass raise return try while with yield print input int str float list dict set ' +
    'range len map split strip append sorted sum min max open sys stdin readline join enumerate zip'
  ).split(' '),
);

/** Operators tried longest first; anything else is a one-character token. */
const C_OPERATORS = [
  '>>>=',
  '<<=',
  '>>=',
  '>>>',
  '...',
  '->*',
  '<=>',
  '::',
  '->',
  '++',
  '--',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
];
const PYTHON_OPERATORS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '**',
  '//',
  '->',
  ':=',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
];

const isIdentStart = (c: string) => /[A-Za-z_$\u0080-\uffff]/.test(c);
const isIdentPart = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

/** The tokens of a program in the given lexer's language. */
export function tokenize(code: string, lexer: Lexer): Token[] {
  if (lexer === 'characters') return characters(code);
  if (lexer === 'python') return python(code);
  return cLike(code, lexer === 'c' ? C_KEYWORDS : JAVA_KEYWORDS, lexer === 'c');
}

function characters(code: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  for (const c of code) {
    if (c === '\n') line++;
    else if (c.trim() !== '') out.push({ text: c, line });
  }
  return out;
}

/** Reads a word, number or operator at `i`; answers its normalised text and its length. */
function word(code: string, i: number, keywords: Set<string>, operators: string[]): [string, number] {
  const c = code[i];
  if (isIdentStart(c)) {
    let j = i + 1;
    while (j < code.length && isIdentPart(code[j])) j++;
    const w = code.slice(i, j);
    return [keywords.has(w) ? w : 'I', j - i];
  }
  if (isDigit(c) || (c === '.' && isDigit(code[i + 1] ?? ''))) {
    let j = i + 1;
    // digits, hex and exponent letters, suffixes, C++14 digit separators, a decimal point; an exponent's sign
    while (
      j < code.length &&
      (isIdentPart(code[j]) ||
        code[j] === '.' ||
        (code[j] === "'" && isIdentPart(code[j + 1] ?? '')) ||
        ((code[j] === '+' || code[j] === '-') && /[eEpP]/.test(code[j - 1])))
    )
      j++;
    return ['N', j - i];
  }
  for (const op of operators) if (code.startsWith(op, i)) return [op, op.length];
  return [c, 1];
}

function cLike(code: string, keywords: Set<string>, preprocessor: boolean): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  let lineStart = true;
  const n = code.length;
  while (i < n) {
    const c = code[i];
    if (c === '\n') {
      line++;
      i++;
      lineStart = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    if (c === '/' && code[i + 1] === '/') {
      while (i < n && code[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      for (let j = i; j < stop; j++) if (code[j] === '\n') line++;
      i = stop;
      continue;
    }
    if (preprocessor && lineStart && c === '#') {
      // `#include` lines are the same in every program; other directives (`#define`) are kept as one token and
      // their bodies lexed as code
      const m = /^#\s*([A-Za-z]+)/.exec(code.slice(i, i + 40));
      const directive = m?.[1] ?? '';
      if (directive === 'include' || directive === 'pragma') {
        while (i < n && code[i] !== '\n') i++;
        continue;
      }
      out.push({ text: `#${directive}`, line });
      i += m ? m[0].length : 1;
      lineStart = false;
      continue;
    }
    lineStart = false;
    if (c === '"' || c === "'") {
      const start = line;
      let j = i + 1;
      while (j < n && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      out.push({ text: 'S', line: start });
      i = Math.min(n, j + 1);
      continue;
    }
    const [text, len] = word(code, i, keywords, C_OPERATORS);
    out.push({ text, line });
    i += len;
  }
  return out;
}

/**
 * Python: the same normalisation, plus the structure that indentation carries (`>` where a block opens, `<` where one
 * closes) and `;` at the end of each logical line, since Python has no braces or semicolons to keep.
 */
function python(code: string): Token[] {
  const out: Token[] = [];
  const indents: number[] = [0];
  let line = 1;
  let i = 0;
  let depth = 0; // inside (), [] or {}: newlines do not end the line
  let atLineStart = true;
  let lineHasTokens = false;
  const n = code.length;
  while (i < n) {
    if (atLineStart && depth === 0) {
      let width = 0;
      let j = i;
      while (j < n && (code[j] === ' ' || code[j] === '\t')) {
        width += code[j] === '\t' ? 8 - (width % 8) : 1;
        j++;
      }
      // blank and comment-only lines do not count for indentation
      if (j >= n || code[j] === '\n' || code[j] === '\r' || code[j] === '#') {
        while (j < n && code[j] !== '\n') j++;
        i = j;
        if (i < n) {
          line++;
          i++;
        }
        continue;
      }
      if (width > indents[indents.length - 1]) {
        indents.push(width);
        out.push({ text: '>', line });
      }
      while (width < indents[indents.length - 1]) {
        indents.pop();
        out.push({ text: '<', line });
      }
      i = j;
      atLineStart = false;
    }
    const c = code[i];
    if (c === '\n') {
      if (depth === 0 && lineHasTokens) out.push({ text: ';', line });
      line++;
      i++;
      if (depth === 0) {
        atLineStart = true;
        lineHasTokens = false;
      }
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '\\' && code[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    if (c === '#') {
      while (i < n && code[i] !== '\n') i++;
      continue;
    }
    lineHasTokens = true;
    const prefix = /^[rRbBuUfF]{0,2}("""|'''|"|')/.exec(code.slice(i, i + 5));
    if (prefix) {
      const quote = prefix[1];
      const start = line;
      let j = i + prefix[0].length;
      while (j < n && !code.startsWith(quote, j) && (quote.length === 3 || code[j] !== '\n')) {
        if (code[j] === '\n') line++;
        j += code[j] === '\\' ? 2 : 1;
      }
      out.push({ text: 'S', line: start });
      i = Math.min(n, j + quote.length);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    const [text, len] = word(code, i, PYTHON_KEYWORDS, PYTHON_OPERATORS);
    out.push({ text, line });
    i += len;
  }
  if (lineHasTokens) out.push({ text: ';', line });
  return out;
}
