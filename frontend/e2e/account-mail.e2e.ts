import { readFileSync } from 'node:fs';
import { AccountMessage, type AccountExport } from '@lectern/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dismissToasts,
  expectPath,
  expectToast,
  launchBrowser,
  newAccount,
  newVisitor,
  signUpByApi,
} from './support/browser';
import { pathIn, waitForMail } from './support/mailbox';
import { checkScreen } from './support/screens';

// Every flow that goes through a mail reads the link from the mail the SMTP server received, as a user would.

const CONFIRM_SUBJECT = 'Confirm your email for Lectern';
const RESET_SUBJECT = 'Reset your Lectern password';
const CHANGED_SUBJECT = 'Your password was changed';
const BANNER = 'Please confirm your email address';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ context, page } = await newVisitor(browser));
});
afterEach(async () => {
  await context.close();
});

const banner = (on: Page) => on.getByRole('region', { name: BANNER });

/** Another browser signed in to the same account: its session should end when the password changes. */
async function secondSession(email: string, password: string): Promise<BrowserContext> {
  const { context: other } = await newVisitor(browser);
  const res = await other.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return other;
}

async function signedIn(on: BrowserContext): Promise<boolean> {
  const res = await on.request.get('/api/auth/me');
  return res.status() === 200;
}

describe('email confirmation', () => {
  it('signs up, follows the link in the mail, and the banner goes away', async () => {
    const account = newAccount('Grace Hopper');
    await page.goto('/signup');
    await page.getByLabel('Name (optional)').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectPath(page, '/dashboard');
    await banner(page).waitFor();
    await dismissToasts(page);
    await checkScreen(page, 'verify-email-banner');

    const mail = await waitForMail(account.email, CONFIRM_SUBJECT);
    expect(mail.from).toContain('no-reply@lectern.test');
    const link = pathIn(mail, '/verify-email');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(AccountMessage.EmailVerified);
    await checkScreen(page, 'verify-email-confirmed');

    await page.getByRole('link', { name: 'Go to your library' }).click();
    await expectPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'My Library' }).waitFor();
    expect(await banner(page).count()).toBe(0);

    // The link works once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'We could not confirm your email' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(AccountMessage.UsedLink);
    await checkScreen(page, 'verify-email-used-link');
  });

  it('sends the mail again from the banner, three times an hour, and can be dismissed', async () => {
    const account = await signUpByApi(context);
    await page.goto('/dashboard');
    const resend = banner(page).getByRole('button', { name: 'Resend email' });
    for (let sent = 1; sent <= 3; sent += 1) {
      await resend.click();
      await expectToast(page, 'Confirmation email sent');
      // The signup's mail is the first; each resend adds one.
      await waitForMail(account.email, CONFIRM_SUBJECT, sent);
      await dismissToasts(page);
    }
    await resend.click();
    await banner(page).getByRole('alert').waitFor();
    expect(await banner(page).getByRole('alert').textContent()).toBe(
      AccountMessage.TooManyVerificationEmails,
    );

    await banner(page).getByRole('button', { name: 'Dismiss email confirmation reminder' }).click();
    expect(await banner(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'My Library' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});

describe('password reset', () => {
  it('sends a link from the login page, sets the new password, signs in and ends the other session', async () => {
    const account = await signUpByApi(context);
    const old = await secondSession(account.email, account.password);
    await context.clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await checkScreen(page, 'forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(AccountMessage.ResetLinkSent).waitFor();
    await checkScreen(page, 'forgot-password-sent');

    const mail = await waitForMail(account.email, RESET_SUBJECT);
    await page.goto(pathIn(mail, '/reset-password'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password must be at least 8 characters long.').waitFor();
    await checkScreen(page, 'reset-password-short');

    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Password changed');
    await expectPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'My Library' }).waitFor();
    // The link proved the address, so there is nothing left to confirm.
    expect(await banner(page).count()).toBe(0);

    expect(await signedIn(old)).toBe(false);
    await old.close();
    await waitForMail(account.email, CHANGED_SUBJECT);
    const relogin = await secondSession(account.email, 'a brand new passphrase');
    await relogin.close();
  });

  it('answers the same for an email with no account, and refuses a used link', async () => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(newAccount().email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(AccountMessage.ResetLinkSent).waitFor();

    const account = await signUpByApi(context);
    const res = await context.request.post('/api/auth/forgot-password', { data: { email: account.email } });
    expect(res.status()).toBe(200);
    const link = pathIn(await waitForMail(account.email, RESET_SUBJECT), '/reset-password');
    const token = new URL(link, 'http://lectern').searchParams.get('token');
    const used = await context.request.post('/api/auth/reset-password', {
      data: { token, password: 'first new passphrase' },
    });
    expect(used.status()).toBe(200);

    await page.goto(link);
    await page.getByLabel('New password').fill('second new passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').filter({ hasText: AccountMessage.UsedLink }).waitFor();
    expect(await page.getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await checkScreen(page, 'reset-password-used-link');
  });
});

describe('the profile', () => {
  it('changes the password, ending the other sessions, then signs out everywhere', async () => {
    const account = await signUpByApi(context);
    const other = await secondSession(account.email, account.password);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Change password' });
    await card.getByLabel('Current password').fill('not my password');
    await card.getByLabel('New password').fill('a brand new passphrase');
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByText(AccountMessage.WrongCurrentPassword).waitFor();
    expect(await card.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'profile-account');

    await card.getByLabel('Current password').fill(account.password);
    await card.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed');
    expect(await card.getByLabel('New password').inputValue()).toBe('');
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(context)).toBe(true);
    await waitForMail(account.email, CHANGED_SUBJECT);
    await other.close();

    const third = await secondSession(account.email, 'a brand new passphrase');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(page, 'Signed out everywhere');
    await expectPath(page, '/login');
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(context)).toBe(false);
    await third.close();
  });

  it('downloads my data, then deletes the account behind a password', async () => {
    const account = await signUpByApi(context, newAccount('Ada Lovelace'));
    await page.goto('/profile');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    await expectToast(page, 'Download complete');
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as AccountExport;
    expect(data.format).toBe('lectern-account-export');
    expect(data.account.email).toBe(account.email);
    expect(data.library).toEqual([]);

    await page
      .getByRole('region', { name: 'Delete account' })
      .getByRole('button', { name: 'Delete account' })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(AccountMessage.WrongPassword).waitFor();
    await checkScreen(page, 'delete-account-dialog');

    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectPath(page, '/account-deleted');
    await page.getByRole('heading', { name: AccountMessage.AccountDeleted }).waitFor();
    await checkScreen(page, 'account-deleted');

    expect(await signedIn(context)).toBe(false);
    const login = await context.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(401);
    await page.goto('/dashboard');
    await expectPath(page, '/login');
  });
});
