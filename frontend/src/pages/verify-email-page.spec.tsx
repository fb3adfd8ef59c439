import { AccountMessage, type User } from '@lectern/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/api/query-keys';
import { ada, fakeApi, message, renderApp, signedOut } from '@/test/account-harness';

describe('the confirm-email page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the email once on open, says so, and refreshes the signed-in user', async () => {
    let verified = false;
    const api = fakeApi({
      'GET /api/auth/me': () => Response.json({ ...ada, emailVerified: verified }),
      'POST /api/auth/verify-email': () => {
        verified = true;
        return message(AccountMessage.EmailVerified);
      },
    });
    const { client } = renderApp('/verify-email?token=tok_123');

    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(AccountMessage.EmailVerified);
    // The token is single-use: StrictMode's second effect run must not spend it again.
    expect(api.callsTo('POST /api/auth/verify-email')).toEqual([{ token: 'tok_123' }]);
    await waitFor(() => expect(client.getQueryData<User>(queryKeys.me)?.emailVerified).toBe(true));
    expect(screen.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', '/dashboard');
  });

  it("shows the server's reason when the link cannot be used, and a way on", async () => {
    fakeApi({
      'GET /api/auth/me': () => Response.json({ ...ada, emailVerified: false }),
      'POST /api/auth/verify-email': message(AccountMessage.LinkOfAnotherAccount, 400),
    });
    renderApp('/verify-email?token=tok_other');

    expect(
      await screen.findByRole('heading', { name: 'We could not confirm your email' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessage.LinkOfAnotherAccount);
    expect(screen.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', '/dashboard');
  });

  it('asks a signed-out visitor to log in first, then confirms on the way back', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/auth/me': () => (signedIn ? Response.json({ ...ada, emailVerified: false }) : signedOut()),
      'POST /api/auth/login': () => {
        signedIn = true;
        return Response.json({ ...ada, emailVerified: false });
      },
      'POST /api/auth/verify-email': message(AccountMessage.EmailVerified),
    });
    renderApp('/verify-email?token=tok_123');

    expect(await screen.findByRole('heading', { name: 'Log in to confirm your email' })).toBeInTheDocument();
    // Someone else may have signed up with this address: the reset link proves it and ends their sessions.
    expect(screen.getByRole('link', { name: 'Reset the password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(api.callsTo('POST /api/auth/verify-email')).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/verify-email')).toEqual([{ token: 'tok_123' }]);
  });

  it('asks nothing of the server when the link has no token', async () => {
    const api = fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/verify-email');

    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/verify-email')).toEqual([]);
  });
});
