/**
 * Root's group screens in the real app (issues 16 and 17): the dashboard's top 10 teams card (empty without
 * groups, a chart once a group has members who solved problems is covered over HTTP), and /admin/group where
 * root finds a banned group that the public list hides, lifts the ban, and the group is listed again.
 */
import type { Browser } from 'playwright-core';
import { ADMIN_GROUP_API, AdminGroupRow, GroupAuth, GroupStatus, Page } from '@oj/contracts';
import { Platform, TrackedPage, apiCall, launchBrowser, rootToken, screenshot, startPlatform, UI_WAIT_MS } from './harness';
import { PageTracker, adminLogin } from './helpers';

let platform: Platform;
let browser: Browser;
const pages = new PageTracker();

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

const newPage = (): Promise<TrackedPage> => pages.open(browser, platform);

describe('admin group screens', () => {
  it('shows the top teams empty state, then root unbans a banned group from /admin/group', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    // zh-CN by default: no group exists yet
    await page.getByTestId('dashboard-top-groups').getByText('还没有团队').waitFor({ timeout: UI_WAIT_MS });

    const token = await rootToken(platform);
    const body = {
      name: 'Banned class A',
      shortName: 'bannedA',
      brief: 'A class',
      description: 'A class of the e2e test',
      auth: GroupAuth.Public,
      visible: true,
    };
    await apiCall(platform, 'POST', '/api/group', body, token);
    const { records } = await apiCall<Page<AdminGroupRow>>(
      platform,
      'GET',
      `/api${ADMIN_GROUP_API.list}?keyword=bannedA`,
      undefined,
      token,
    );
    const gid = records[0].id;
    await apiCall(platform, 'PUT', '/api/group', { ...body, id: gid, status: GroupStatus.Banned }, token);
    const open = await apiCall<Page<{ id: number }>>(platform, 'GET', '/api/get-group-list?limit=50', undefined, token);
    expect(open.records.map((g) => g.id)).not.toContain(gid);

    await page.goto('/admin/group');
    const row = page.locator(`tr[data-row-key="${gid}"]`);
    await row.getByText('已封禁').waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'admin-group-list');
    await page.getByTestId(`admin-group-unban-${gid}`).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await row.getByText('正常').waitFor({ timeout: UI_WAIT_MS });

    const after = await apiCall<Page<{ id: number }>>(platform, 'GET', '/api/get-group-list?limit=50', undefined, token);
    expect(after.records.map((g) => g.id)).toContain(gid);
    expect(t.errors).toEqual([]);
  });
});
