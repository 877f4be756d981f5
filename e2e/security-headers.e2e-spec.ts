/**
 * The Content-Security-Policy of the web app's pages (issue 31): the problem page's editor (monaco and its web
 * workers, from the problems remote) and the admin app (another remote, antd's run-time styles) load and work with
 * no violation reported by the browser, and the pages refuse to be framed. antd's styles come from the build's static
 * sheet (issue 37).
 */
import type { Browser, Page } from 'playwright-core';
import {
  Platform,
  ROOT_PASSWORD,
  TrackedPage,
  createProblem,
  launchBrowser,
  startPlatform,
  typeIntoEditor,
  uiLogin,
  UI_WAIT_MS,
} from './harness';
import { PageTracker, adminLogin } from './helpers';

let platform: Platform;
let browser: Browser;
const pages = new PageTracker();

/** Every CSP violation the page reports, kept in the page (the events fire before any test code could listen). */
async function trackViolations(t: TrackedPage): Promise<void> {
  await t.context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  await createProblem(platform, { problemId: 'CSP1', title: 'A plus B', cases: [{ input: '1 2\n', output: '3\n' }] });
});

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

it("loads the problem page's editor and its workers under the Content-Security-Policy", async () => {
  const t = await pages.open(browser, platform);
  await trackViolations(t);
  await t.page.goto('/');
  await uiLogin(t.page, 'root', ROOT_PASSWORD);
  await t.page.getByTestId('user-menu').waitFor({ timeout: UI_WAIT_MS });
  const answer = await t.page.goto('/problem/CSP1');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer?.headers()['x-frame-options']).toBe('DENY');
  await t.page.getByTestId('problem-statement').waitFor({ timeout: UI_WAIT_MS });
  // A blocked chunk or worker shows here before the editor's wait would time out.
  await t.page.waitForTimeout(3000);
  expect(await violations(t.page)).toEqual([]);
  // Typing makes monaco start its editor worker (word suggestions, links).
  await typeIntoEditor(t.page, 'int main() { return 0; }\nint mai');
  await t.page.keyboard.press('Control+Space');
  // monaco writes spaces as no-break spaces
  await t.page.waitForFunction(() => document.querySelector('.monaco-editor .view-lines')?.textContent?.includes('return'), undefined, {
    timeout: UI_WAIT_MS,
  });
  const end = Date.now() + 20_000;
  while (t.page.workers().length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  expect(t.page.workers().length).toBeGreaterThan(0);
  expect(await violations(t.page)).toEqual([]);
  expect(t.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
});

it('loads the admin app (a remote, antd styles) with no violation', async () => {
  const t = await pages.open(browser, platform);
  await trackViolations(t);
  await adminLogin(t.page);
  await t.page.goto('/admin/problems');
  await t.page.getByText('CSP1').first().waitFor({ timeout: UI_WAIT_MS });
  expect(await violations(t.page)).toEqual([]);
  expect(t.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
});

it("takes antd's component styles from the build's static sheet: the page writes none of its own", async () => {
  const t = await pages.open(browser, platform);
  await trackViolations(t);
  await t.page.goto('/problem');
  await t.page.getByTestId('problem-list').waitFor({ timeout: UI_WAIT_MS });
  await t.page.locator('.ant-table-thead th').first().waitFor({ timeout: UI_WAIT_MS });
  const styles = await t.page.evaluate(() => {
    const link = document.querySelector<HTMLLinkElement>('link[data-oj-antd-static]');
    const th = document.querySelector('.ant-table-thead th');
    return {
      sheetRules: link?.sheet?.cssRules.length ?? 0,
      // before the app's own style sheets (the libraries' run-time styles, data-rc-order, go to the top of <head> too)
      sheetBeforeAppStyles:
        !!link &&
        [...document.querySelectorAll('style:not([data-rc-order])')].every(
          (e) => !!(link.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING),
        ),
      // antd writes a component's CSS into a <style data-css-hash> when it does not find it in the sheet's map
      writtenTableStyles: [...document.querySelectorAll('style[data-css-hash]')].filter((e) => /\.ant-table\b/.test(e.textContent ?? ''))
        .length,
      headerBackground: th ? getComputedStyle(th).backgroundColor : '',
    };
  });
  expect(styles.sheetRules).toBeGreaterThan(1000);
  expect(styles.sheetBeforeAppStyles).toBe(true);
  expect(styles.writtenTableStyles).toBe(0);
  // antd's table header colour (colorFillAlter on white), from the sheet
  expect(styles.headerBackground).toBe('rgb(250, 250, 250)');
  expect(await violations(t.page)).toEqual([]);
});

it('refuses to be shown in another page’s frame', async () => {
  const t = await pages.open(browser, platform);
  await t.page.goto('/problem/CSP1');
  // A page of another origin (about:blank's opener is this one, so a data: URL stands for the other site).
  const framed = await browser.newPage();
  await framed.setContent(`<iframe id="f" src="${platform.baseUrl}/problem/CSP1"></iframe>`);
  await framed.waitForTimeout(3000);
  const frame = framed.frames().find((f) => f.url().startsWith(platform.baseUrl));
  const rendered = frame ? await frame.evaluate(() => !!document.querySelector('#root')).catch(() => false) : false;
  expect(rendered).toBe(false);
  await framed.close();
});
