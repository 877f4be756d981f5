/** Subtasks in a submission's results: each group's rule, points and cases judged, and each case's group. */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { JudgeStatus, SubtaskResult } from '@oj/contracts';
import { CaseTable, SubtaskTable } from '../src/components/case-table';
import enUS from '../src/locales/en-US';
import { kitMessages } from '@oj/kit';

// jsdom lacks the media queries antd's table asks for.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = (node: React.ReactNode) =>
  act(() =>
    root.render(
      <IntlProvider locale="en-US" messages={{ ...kitMessages['en-US'], ...enUS }}>
        {node}
      </IntlProvider>,
    ),
  );
const rows = (testId: string) =>
  [...host.querySelectorAll(`[data-testid="${testId}"] tbody tr.ant-table-row`)].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
  );

describe('subtask results', () => {
  it('lists each group with its rule, points out of its score and the cases judged', () => {
    const subtasks: SubtaskResult[] = [
      { groupNum: 1, rule: 'all', score: 30, fullScore: 30, status: JudgeStatus.Accepted, judged: 2, total: 2 },
      { groupNum: 2, rule: 'min', score: 0, fullScore: 70, status: JudgeStatus.WrongAnswer, judged: 1, total: 3 },
    ];
    render(<SubtaskTable subtasks={subtasks} />);
    const table = rows('subtask-table');
    expect(table.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['1', 'All or nothing', '30 / 30', '2 / 2'],
      ['2', 'Lowest case', '0 / 70', '1 / 3'],
    ]);
  });

  it('shows the case number and group of each judged case (a skipped case is absent, not renumbered)', () => {
    render(
      <CaseTable
        scored
        cases={[
          { caseId: 1, status: JudgeStatus.Accepted, score: 30, groupNum: 1 },
          { caseId: 3, status: JudgeStatus.WrongAnswer, score: 0, groupNum: 2 },
          { caseId: 5, status: JudgeStatus.Accepted, score: 10, groupNum: null },
        ]}
      />,
    );
    expect(rows('case-table').map((r) => [r[0], r[1]])).toEqual([
      ['1', '1'],
      ['3', '2'],
      ['5', '-'],
    ]);
  });
});
