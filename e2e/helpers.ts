/** Helpers the browser suites share on top of harness.ts: the A+B solution, page tracking, admin login, test-data zips. */
import type { Browser, Page } from 'playwright-core';
import { crc32 } from 'zlib';
import { ContestType } from '@oj/contracts';
import { Platform, ROOT_PASSWORD, TrackedPage, apiCall, openPage, stopPlatform, UI_WAIT_MS } from './harness';

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
  await page.waitForURL('**/admin/dashboard', { timeout: UI_WAIT_MS });
}

/**
 * Creates a public ACM contest through the admin API, starting in an hour and lasting an hour (a screen under test
 * adds its problems); answers its id.
 */
export async function createUpcomingContest(platform: Platform, token: string, title: string): Promise<number> {
  const now = Date.now();
  const created = await apiCall<{ id: number }>(
    platform,
    'POST',
    '/api/admin/contest',
    {
      title,
      description: title,
      type: ContestType.ACM,
      auth: 0,
      startTime: new Date(now + 3600_000).toISOString(),
      endTime: new Date(now + 7200_000).toISOString(),
      sealRank: false,
      openPrint: false,
      starAccount: [],
    },
    token,
  );
  return created.id;
}

/** A zip with stored (uncompressed) entries: enough for test data, no library needed. */
export function storedZip(files: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
