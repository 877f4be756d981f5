/** The problem editor's test groups control: rows with number, score and rule; adding takes the next free number. */
import { act, useState } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import type { CaseGroup } from '@oj/contracts';
import { MESSAGES } from '../src/i18n';
import { GroupTable } from '../src/pages/problem-edit/GroupTable';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
let latest: CaseGroup[] = [];
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function Harness({ initial }: { initial: CaseGroup[] }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return <GroupTable value={value} onChange={setValue} />;
}

describe('test groups in the problem editor', () => {
  it('shows each group and adds one with the next number, all-or-nothing and no points; removes rows', async () => {
    await act(async () =>
      root.render(
        <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
          <Harness
            initial={[
              { groupNum: 1, score: 40, rule: 'min' },
              { groupNum: 3, score: 60, rule: 'sum' },
            ]}
          />
        </IntlProvider>,
      ),
    );
    const rows = () => host.querySelectorAll('[data-testid="group-table"] tbody tr.ant-table-row');
    expect(rows()).toHaveLength(2);
    expect(host.textContent).toContain('Lowest case score (stops at a case scoring 0)');
    await act(async () => (host.querySelector('[data-testid="group-add"]') as HTMLButtonElement).click());
    expect(latest).toEqual([
      { groupNum: 1, score: 40, rule: 'min' },
      { groupNum: 3, score: 60, rule: 'sum' },
      { groupNum: 4, score: 0, rule: 'all' },
    ]);
    expect(rows()).toHaveLength(3);
    await act(async () => (rows()[0].querySelector('button[aria-label]') as HTMLButtonElement).click());
    expect(latest.map((g) => g.groupNum)).toEqual([3, 4]);
  });
});
