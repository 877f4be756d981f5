/** The import CSV (product §3: no header, seven columns, UTF-8 only) and the generated accounts' download. */
import Papa from 'papaparse';

export const IMPORT_COLUMNS = ['username', 'password', 'email', 'realname', 'gender', 'nickname', 'school'] as const;

/** Decodes strictly as UTF-8 (anything else is refused) and splits into rows of seven cells. */
export function parseImportCsv(bytes: ArrayBuffer): string[][] | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return parsed.data.map((row) => IMPORT_COLUMNS.map((_, i) => (row[i] ?? '').trim()));
}

/** username,password rows with a BOM, so spreadsheet programs open it as UTF-8. */
export function accountsCsv(accounts: { username: string; password: string }[]): string {
  return '\uFEFF' + Papa.unparse({ fields: ['username', 'password'], data: accounts.map((a) => [a.username, a.password]) });
}

export function download(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
