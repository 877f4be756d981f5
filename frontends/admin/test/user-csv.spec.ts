/** @jest-environment node */
import { accountsCsv, parseImportCsv } from '../src/pages/user/csv';

const bytes = (s: string | number[]) => (typeof s === 'string' ? new TextEncoder().encode(s) : new Uint8Array(s)).buffer as ArrayBuffer;

describe('the user import CSV', () => {
  it('reads seven trimmed columns per row, quoted cells and a BOM included, and pads short rows', () => {
    const rows = parseImportCsv(bytes('\uFEFFann,pw123456,ann@x.io,Ann Lee,female,"Ann, the first",MIT\nbob,pw654321\n\n'));
    expect(rows).toEqual([
      ['ann', 'pw123456', 'ann@x.io', 'Ann Lee', 'female', 'Ann, the first', 'MIT'],
      ['bob', 'pw654321', '', '', '', '', ''],
    ]);
  });

  it('refuses a file that is not UTF-8', () => {
    // "张" in GBK.
    expect(parseImportCsv(bytes([0xd5, 0xc5, 0x2c, 0x61]))).toBeNull();
  });

  it('writes generated accounts as a UTF-8 spreadsheet with a header', () => {
    expect(accountsCsv([{ username: 'u1', password: 'p,1' }])).toBe('\uFEFFusername,password\r\nu1,"p,1"');
  });
});
