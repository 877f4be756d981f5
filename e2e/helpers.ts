/** Helpers the browser suites share on top of harness.ts: the A+B solution, page tracking, admin login. */
import type { Browser, Page } from 'playwright-core';
import { Platform, ROOT_PASSWORD, TrackedPage, openPage, stopPlatform } from './harness';

/** A correct C++ A+B; typed without indentation: the editor indents as the user types, like it would for a person. */
export const APLUSB_CPP = `#include <iostream>
int main() {
long long a, b;
std::cin >> a >> b;
std::cout << a + b << std::endl;
return 0;
}
`;

/** The pages a suite opened, closed with the browser and the platform when the suite ends. */
export class PageTracker {
  private readonly pages: TrackedPage[] = [];

  async open(browser: Browser, platform: Platform, viewport?: { width: number; height: number }): Promise<TrackedPage> {
    const t = await openPage(browser, platform, viewport);
    this.pages.push(t);
    return t;
  }

  /** Closes every page, then the browser, then stops the platform. */
  async tearDown(browser: Browser | undefined, platform: Platform | undefined): Promise<void> {
    for (const t of this.pages) await t.context.close().catch(() => undefined);
    await browser?.close();
    await stopPlatform(platform);
  }
}

/** Logs in as root on the admin login page and waits for the dashboard. */
export async function adminLogin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.locator('#admin-login-username').fill('root');
  await page.locator('#admin-login-password').fill(ROOT_PASSWORD);
  await page.locator('#admin-login-submit').click();
  await page.waitForURL('**/admin/dashboard', { timeout: 30_000 });
}
