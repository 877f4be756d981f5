/**
 * Admin → audit trail (issue 36): the records listed with their actor, address and target; the filters sent as the
 * server's query (empty ones left out, local times as epoch milliseconds); a row opened to the fields that changed
 * only; the CSV export asked with the same filters; the field diff itself.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import { AUDIT_API, AuditRecordView } from '@oj/contracts';
import { api, setLocale } from '@oj/kit';
import AuditPage, { toQuery } from '../src/pages/audit';
import { fieldChanges } from '../src/pages/audit/diff';
import { answer, mountPage, settle, unmountPage, until } from './page-harness';

jest.setTimeout(60_000);

const RECORDS: AuditRecordView[] = [
  {
    id: '12',
    time: '2026-12-01T10:00:00Z',
    actorUid: 'a'.repeat(32),
    actorName: 'teacher',
    ip: '10.1.2.3',
    action: 'judge.manual-verdict',
    targetType: 'judge',
    targetId: '77',
    before: { submitId: 77, status: -1, score: null, judger: 'judge-1' },
    after: { submitId: 77, status: 0, score: null, judger: 'teacher' },
    note: null,
  },
  {
    id: '11',
    time: '2026-12-01T09:00:00Z',
    actorUid: null,
    actorName: null,
    ip: null,
    action: 'config.email.update',
    targetType: 'config',
    targetId: 'email',
    before: { email: { emailHost: '' } },
    after: { email: { emailHost: 'smtp.example.org' } },
    note: 'scheduled',
  },
];

const sent: { url: string; params: Record<string, unknown>; responseType?: string }[] = [];
let root: Root | null = null;
const saved: string[] = [];

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    const params = { ...(config.params as Record<string, unknown>) };
    sent.push({ url: String(config.url), params, responseType: (config as { responseType?: string }).responseType });
    if (config.url === AUDIT_API.list) {
      const rows = params.actor ? RECORDS.filter((r) => r.actorName === params.actor) : RECORDS;
      return answer(config, { records: rows, total: rows.length, size: params.limit, current: params.currentPage, pages: 1 });
    }
    if (config.url === AUDIT_API.actions) return answer(config, ['config.email.update', 'judge.manual-verdict']);
    if (config.url === AUDIT_API.exportCsv) {
      return { data: new Blob(['id,time\r\n'], { type: 'text/csv' }), status: 200, headers: { 'content-type': 'text/csv' }, config };
    }
    return answer(config, null);
  };
  // jsdom has no object URLs; the export only needs one to hand to the link.
  (URL as unknown as { createObjectURL: () => string }).createObjectURL = () => 'blob:audit';
  (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
  // jsdom cannot navigate: the link's click is where the browser would save the file; note its name instead.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

beforeEach(async () => {
  sent.length = 0;
  await act(async () => setLocale('en-US'));
  root = await mountPage(<AuditPage />);
  await until(() => document.body.textContent!.includes('judge.manual-verdict'), 'the records');
});
afterEach(() => unmountPage(root));

const q = (sel: string) => document.querySelector(sel) as HTMLElement | null;

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

it('lists the records: actor (or the system), address, action, target and note', () => {
  const rows = [...document.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.textContent);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toContain('teacher');
  expect(rows[0]).toContain('10.1.2.3');
  expect(rows[0]).toContain('judge #77');
  expect(rows[1]).toContain('System');
  expect(rows[1]).toContain('config #email');
  expect(rows[1]).toContain('scheduled');
  expect(sent.find((s) => s.url === AUDIT_API.list)!.params).toEqual({ currentPage: 1, limit: 20 });
});

it('opens a row to the fields that changed, and the whole before and after on demand', async () => {
  await act(async () => (document.querySelector('tbody tr.ant-table-row .ant-table-row-expand-icon') as HTMLElement).click());
  await until(() => q('[data-testid="audit-detail-12"]') !== null, 'the detail');
  const detail = q('[data-testid="audit-detail-12"]')!;
  const fields = [...detail.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.textContent);
  // status and judger changed; submitId and score did not and are not listed
  expect(fields).toEqual(['judgerjudge-1teacher', 'status-10']);
  expect(detail.textContent).not.toContain('"submitId"');
  await act(async () => (detail.querySelector('button') as HTMLElement).click());
  expect(detail.querySelectorAll('pre')).toHaveLength(2);
  expect(detail.textContent).toContain('"submitId": 77');
});

it('sends the filters and exports with the same ones', async () => {
  typeInto(q('[data-testid="audit-actor"]') as HTMLInputElement, ' teacher ');
  typeInto(q('[data-testid="audit-target-type"]') as HTMLInputElement, 'judge');
  await act(async () => q('[data-testid="audit-search"]')!.click());
  await until(() => document.querySelectorAll('tbody tr.ant-table-row').length === 1, 'the filtered list');
  const last = sent.filter((s) => s.url === AUDIT_API.list).pop()!;
  expect(last.params).toEqual({ actor: 'teacher', targetType: 'judge', currentPage: 1, limit: 20 });

  await act(async () => q('[data-testid="audit-export"]')!.click());
  await settle();
  const exp = sent.find((s) => s.url === AUDIT_API.exportCsv)!;
  expect(exp.params).toEqual({ actor: 'teacher', targetType: 'judge' });
  expect(exp.responseType).toBe('blob');
  expect(saved).toEqual(['audit-log.csv']);
  expect(document.body.textContent).toContain('The CSV file has been downloaded');
});

it('turns the form into the server’s query', () => {
  expect(toQuery({ actor: '  ', action: 'user.', from: '2026-12-01T10:00', to: 'not a time' })).toEqual({
    action: 'user.',
    from: new Date('2026-12-01T10:00').getTime(),
  });
});

it('diffs fields: changed, added, removed; a non-object value as a whole', () => {
  expect(fieldChanges({ a: 1, b: { x: 1 }, c: 3 }, { a: 1, b: { x: 2 }, d: 4 })).toEqual([
    { field: 'b', before: { x: 1 }, after: { x: 2 }, kind: 'changed' },
    { field: 'c', before: 3, after: null, kind: 'removed' },
    { field: 'd', before: null, after: 4, kind: 'added' },
  ]);
  expect(fieldChanges(null, { id: 1 })).toEqual([{ field: '', before: null, after: { id: 1 }, kind: 'added' }]);
  expect(fieldChanges({ id: 1 }, null)).toEqual([{ field: '', before: { id: 1 }, after: null, kind: 'removed' }]);
  expect(fieldChanges([1], [1])).toEqual([]);
});
