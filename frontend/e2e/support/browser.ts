import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh visitor: its own cookies and storage, so tests never share a session. */
export async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: DESKTOP,
    acceptDownloads: true,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

export interface Account {
  email: string;
  password: string;
  name: string;
}

export function newAccount(name = 'Ada Lovelace'): Account {
  return {
    email: `student.${randomBytes(4).toString('hex')}@example.com`,
    password: 'correct horse battery',
    name,
  };
}

/** Signs the context in through the API (the sign-up screen itself is tested on its own). */
export async function signUpByApi(context: BrowserContext, account = newAccount()): Promise<Account> {
  const res = await context.request.post('/api/auth/signup', {
    data: { email: account.email, password: account.password, name: account.name },
  });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  return account;
}

/** The visible toast with this title (at most one is shown at a time). */
export function toast(page: Page, title: string): Locator {
  return page.locator('[data-slot="toast"]').filter({ hasText: title });
}

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const found = toast(page, title);
  await found.first().waitFor({ state: 'visible' });
  if (description !== undefined) {
    await found.filter({ hasText: description }).first().waitFor({ state: 'visible' });
  }
}

/**
 * Closes the toast on screen, if any, and waits until none is left: a toast stays 5 s, so without this the next
 * expectToast with the same title would pass on the previous step's toast.
 */
export async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) {
    await close.click().catch(() => undefined); // it may have closed by itself meanwhile
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="toast"]').length === 0);
}

/** Waits until the path is the expected one (client-side navigations included). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname);
  } catch (error) {
    throw new Error(`expected to be at ${pathname}, still at ${page.url()}`, { cause: error });
  }
}

export async function apiJson<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await context.request.get(path);
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
