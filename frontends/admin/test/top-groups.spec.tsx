/** The dashboard's top 10 teams card (product §2, issue 16): its call, its empty state, a refused call. */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import { DASHBOARD_API } from '@oj/contracts';
import { api, LocaleProvider, setLocale } from '@oj/kit';
import { MESSAGES } from '../src/i18n';
import { TopGroupsCard } from '../src/pages/dashboard/top-groups';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
jest.setTimeout(120_000);

let urls: string[] = [];
let status = 200;
beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    urls.push(String(config.url));
    const body = status === 200 ? { status, msg: 'success', data: [] } : { status, msg: 'No Access', data: null };
    return { data: body, status, headers: {}, config };
  };
});

let root: Root | null = null;
async function render() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  await act(async () => {
    root = createRoot(host);
    root.render(
      <LocaleProvider messages={MESSAGES}>
        <TopGroupsCard />
      </LocaleProvider>,
    );
  });
  for (let i = 0; i < 100 && !document.querySelector('.ant-empty'); i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
  }
}
const card = () => document.querySelector('[data-testid="dashboard-top-groups"]')?.textContent ?? '';

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  urls = [];
  status = 200;
  document.body.innerHTML = '';
  await act(async () => setLocale('zh-CN'));
});

describe('top 10 teams card', () => {
  it('asks get-top-group-rank and says there is no group yet (zh-CN, en-US)', async () => {
    await render();
    expect(urls).toEqual([DASHBOARD_API.topGroups]);
    expect(card()).toContain('团队排行前 10');
    expect(card()).toContain('还没有团队');
    await act(async () => setLocale('en-US'));
    expect(card()).toContain('No group yet');
  });

  it('says the figures could not be loaded when the call is refused', async () => {
    status = 403;
    setLocale('en-US');
    await render();
    expect(card()).not.toContain('No group yet');
    expect(card()).toContain(MESSAGES['en-US']['admin.dashboard.loadFailed']);
  });
});
