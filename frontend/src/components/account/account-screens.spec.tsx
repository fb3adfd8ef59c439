import { AccountMessage, type User } from '@lectern/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentName } from '@/api/auth';
import { queryKeys } from '@/api/query-keys';
import { ada, fakeApi, message, renderApp, signedOut, toastShown } from '@/test/account-harness';

const unverified: User = { ...ada, emailVerified: false };
const profileReads = { 'GET /api/usage': message('Not shown here.', 503) };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the unconfirmed-email banner', () => {
  it('asks to confirm, and shows the server’s message when resending is rate-limited', async () => {
    const api = fakeApi({
      ...profileReads,
      'GET /api/auth/me': Response.json(unverified),
      'POST /api/auth/resend-verification': message(AccountMessage.TooManyVerificationEmails, 429),
    });
    renderApp('/profile');
    const banner = await screen.findByRole('region', { name: 'Please confirm your email address' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Resend email' }));

    expect(await within(banner).findByRole('alert')).toHaveTextContent(
      AccountMessage.TooManyVerificationEmails,
    );
    expect(api.callsTo('POST /api/auth/resend-verification')).toHaveLength(1);
  });

  it('says when the mail went out', async () => {
    fakeApi({
      ...profileReads,
      'GET /api/auth/me': Response.json(unverified),
      'POST /api/auth/resend-verification': message(AccountMessage.VerificationSent, 202),
    });
    renderApp('/profile');
    const banner = await screen.findByRole('region', { name: 'Please confirm your email address' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(toastShown('Confirmation email sent')).toBe(true));
  });

  it('goes away when the server says the email was confirmed meanwhile (e.g. on another device)', async () => {
    let verified = false;
    fakeApi({
      ...profileReads,
      'GET /api/auth/me': () => Response.json({ ...ada, emailVerified: verified }),
      'POST /api/auth/resend-verification': () => {
        verified = true;
        return message(AccountMessage.AlreadyVerified);
      },
    });
    renderApp('/profile');
    const banner = await screen.findByRole('region', { name: 'Please confirm your email address' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Resend email' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Please confirm your email address' })).toBeNull(),
    );
    expect(toastShown(AccountMessage.AlreadyVerified)).toBe(true);
  });

  it('can be dismissed for the rest of the visit', async () => {
    fakeApi({ ...profileReads, 'GET /api/auth/me': Response.json(unverified) });
    renderApp('/profile');
    const banner = await screen.findByRole('region', { name: 'Please confirm your email address' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss email confirmation reminder' }));
    expect(screen.queryByRole('region', { name: 'Please confirm your email address' })).toBeNull();
  });

  it('is not shown once the email is confirmed', async () => {
    fakeApi({ ...profileReads, 'GET /api/auth/me': Response.json(ada) });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    expect(screen.queryByRole('region', { name: 'Please confirm your email address' })).toBeNull();
  });
});

describe('change password', () => {
  it('shows a wrong current password beside that field', async () => {
    const api = fakeApi({
      ...profileReads,
      'GET /api/auth/me': Response.json(ada),
      'POST /api/auth/change-password': message(AccountMessage.WrongCurrentPassword, 400),
    });
    renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Change password' });
    await userEvent.type(within(card).getByLabelText('Current password'), 'not it');
    await userEvent.type(within(card).getByLabelText('New password'), 'a new long password');
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));

    const current = within(card).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(AccountMessage.WrongCurrentPassword));
    expect(current).toHaveFocus();
    expect(api.callsTo('POST /api/auth/change-password')).toEqual([
      { currentPassword: 'not it', newPassword: 'a new long password' },
    ]);
  });

  it('checks the new password before asking the server, then clears the form on success', async () => {
    const api = fakeApi({
      ...profileReads,
      'GET /api/auth/me': Response.json(ada),
      'POST /api/auth/change-password': message(AccountMessage.PasswordChanged),
    });
    renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Change password' });
    const newPassword = within(card).getByLabelText('New password');
    await userEvent.type(within(card).getByLabelText('Current password'), 'correct horse');
    await userEvent.type(newPassword, 'short');
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(newPassword).toHaveAccessibleDescription('New password must be at least 8 characters long.'),
    );
    expect(api.callsTo('POST /api/auth/change-password')).toEqual([]);

    await userEvent.type(newPassword, ' but longer now');
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(toastShown('Password changed')).toBe(true));
    expect(newPassword).toHaveValue('');
    expect(newPassword).not.toHaveAttribute('aria-invalid');
  });
});

describe('sign out everywhere', () => {
  it('ends this session too and goes to the login page', async () => {
    let signedIn = true;
    fakeApi({
      ...profileReads,
      'GET /api/auth/me': () => (signedIn ? Response.json(ada) : signedOut()),
      'POST /api/auth/logout-all': () => {
        signedIn = false;
        return message(AccountMessage.SignedOutEverywhere);
      },
    });
    const { router, client } = renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(client.getQueryData(queryKeys.me)).toBeNull();
    expect(toastShown('Signed out everywhere')).toBe(true);
  });
});

describe('download my data', () => {
  it('saves the JSON file under the name the server gave it', async () => {
    fakeApi({
      ...profileReads,
      'GET /api/auth/me': Response.json(ada),
      'GET /api/auth/me/export': new Response('{"format":"lectern-account-export"}', {
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition': 'attachment; filename="lectern-ada-2026-11-23.json"',
        },
      }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:lectern');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(names).toEqual(['lectern-ada-2026-11-23.json']));
    expect(toastShown('Download complete')).toBe(true);
  });

  it('reads the file name from Content-Disposition, with a fallback', () => {
    expect(attachmentName('attachment; filename="a.json"', 'x.json')).toBe('a.json');
    expect(attachmentName("attachment; filename*=UTF-8''caf%C3%A9.json", 'x.json')).toBe('café.json');
    expect(attachmentName(null, 'x.json')).toBe('x.json');
  });
});

describe('delete account', () => {
  async function openDialog() {
    const card = await screen.findByRole('region', { name: 'Delete account' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    return { dialog, password };
  }

  it('asks for the password and shows a wrong one beside the field', async () => {
    const api = fakeApi({
      ...profileReads,
      'GET /api/auth/me': Response.json(ada),
      'DELETE /api/auth/me': message(AccountMessage.WrongPassword, 403),
    });
    renderApp('/profile');
    const { dialog, password } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is required.'));
    expect(api.callsTo('DELETE /api/auth/me')).toEqual([]);

    await userEvent.type(password, 'not it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(AccountMessage.WrongPassword));
    expect(api.callsTo('DELETE /api/auth/me')).toEqual([{ password: 'not it' }]);
  });

  it('deletes the account and says it is gone', async () => {
    let exists = true;
    fakeApi({
      ...profileReads,
      'GET /api/auth/me': () => (exists ? Response.json(ada) : signedOut()),
      'DELETE /api/auth/me': () => {
        exists = false;
        return message(AccountMessage.AccountDeleted);
      },
    });
    const { router, client } = renderApp('/profile');
    const { dialog, password } = await openDialog();
    await userEvent.type(password, 'correct horse');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(
      await screen.findByRole('heading', { name: 'Your account has been deleted.' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deleted');
    expect(client.getQueryData(queryKeys.me)).toBeNull();
  });
});
