import { AccountMessage } from '@lectern/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, fakeApi, message, renderApp, signedOut, toastShown } from '@/test/account-harness';

describe('forgot password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is linked from the login page', async () => {
    fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows a bad email beside the field and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/forgot-password');
    const email = await screen.findByLabelText('Email');
    await userEvent.type(email, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    // Checked by the form's own (asynchronous) validation.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(email).toHaveFocus();
    expect(api.callsTo('POST /api/auth/forgot-password')).toEqual([]);
  });

  it('always gives the same answer once the server took the request', async () => {
    const api = fakeApi({
      'GET /api/auth/me': signedOut(),
      'POST /api/auth/forgot-password': message(AccountMessage.ResetLinkSent, 202),
    });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), '  Ada@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that email, we sent a link.',
    );
    expect(api.callsTo('POST /api/auth/forgot-password')).toEqual([{ email: 'Ada@Example.com' }]);
  });

  it("shows the server's message when it refuses, e.g. too many requests", async () => {
    fakeApi({
      'GET /api/auth/me': signedOut(),
      'POST /api/auth/forgot-password': message('Too many reset requests. Please try again later.', 429),
    });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Please try again later.',
    );
  });
});

describe('reset password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the signup rules, beside the field', async () => {
    const api = fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/reset-password?token=tok_reset');
    const password = await screen.findByLabelText('New password');
    expect(password).toHaveAttribute('placeholder', 'At least 8 characters');
    await userEvent.type(password, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('Password must be at least 8 characters long.'),
    );
    expect(api.callsTo('POST /api/auth/reset-password')).toEqual([]);
  });

  it('signs the user in and opens the library', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/auth/me': () => (signedIn ? Response.json(ada) : signedOut()),
      'POST /api/auth/reset-password': () => {
        signedIn = true;
        return message(AccountMessage.PasswordChanged);
      },
      'GET /api/videos': Response.json([]),
      'GET /api/usage': Response.json({}),
    });
    const { router } = renderApp('/reset-password?token=tok_reset');
    await userEvent.type(await screen.findByLabelText('New password'), 'a new long password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'My Library' })).toBeInTheDocument();
    expect(toastShown('Password changed')).toBe(true);
    expect(api.callsTo('POST /api/auth/reset-password')).toEqual([
      { token: 'tok_reset', password: 'a new long password' },
    ]);
  });

  it('shows why the link was refused and offers a new one', async () => {
    fakeApi({
      'GET /api/auth/me': signedOut(),
      'POST /api/auth/reset-password': message(AccountMessage.ExpiredLink, 400),
    });
    const { router } = renderApp('/reset-password?token=tok_old');
    await userEvent.type(await screen.findByLabelText('New password'), 'a new long password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessage.ExpiredLink);
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('says when the link lost its token', async () => {
    fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
