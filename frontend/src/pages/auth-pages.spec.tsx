import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast-store';
import { ada, fakeApi, message, renderApp, signedOut, toastShown } from '@/test/account-harness';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('sign up', () => {
  it("shows the schema's messages beside their fields and sends nothing", async () => {
    const api = fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/signup');
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await userEvent.type(email, 'not-an-email');
    await userEvent.type(password, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    // The sentences POST /api/auth/signup answers with its 400 for the same values.
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters long.');
    expect(screen.getByLabelText('Name (optional)')).not.toHaveAttribute('aria-invalid');
    expect(toastShown('Password too short')).toBe(true);
    expect(api.callsTo('POST /api/auth/signup')).toEqual([]);

    // Once shown, a message follows the field as it is corrected.
    await userEvent.type(password, ' but longer');
    await waitFor(() => expect(password).not.toHaveAttribute('aria-invalid'));
  });

  it("asks for the missing fields beside them and in a 'Missing details' toast", async () => {
    const api = fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/signup');
    const email = await screen.findByLabelText('Email');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required.'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    expect(toastShown('Missing details')).toBe(true);
    expect(api.callsTo('POST /api/auth/signup')).toEqual([]);
  });

  it('sends a valid signup and opens the library', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/auth/me': () => (signedIn ? Response.json(ada) : signedOut()),
      'POST /api/auth/signup': () => {
        signedIn = true;
        return Response.json(ada, { status: 201 });
      },
      'GET /api/videos': Response.json([]),
      'GET /api/usage': Response.json({}),
    });
    const { router } = renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Name (optional)'), ' Ada ');
    await userEvent.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(toastShown('Account created!')).toBe(true);
    expect(api.callsTo('POST /api/auth/signup')).toEqual([
      { email: 'Ada@Example.com', password: 'correct horse', name: 'Ada' },
    ]);
  });

  it("shows the server's refusal in a toast, as before", async () => {
    fakeApi({
      'GET /api/auth/me': signedOut(),
      'POST /api/auth/signup': message('An account with this email already exists.', 409),
    });
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastShown('Signup failed')).toBe(true));
  });
});

describe('log in', () => {
  it('shows a malformed email beside the field and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/auth/me': signedOut() });
    renderApp('/login');
    const email = await screen.findByLabelText('Email');
    await userEvent.type(email, 'ada@');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address.'));
    expect(email).toHaveFocus();
    expect(toastShown('Missing details')).toBe(false);
    expect(api.callsTo('POST /api/auth/login')).toEqual([]);
  });

  it("sends valid details and shows the server's refusal in a toast", async () => {
    const api = fakeApi({
      'GET /api/auth/me': signedOut(),
      'POST /api/auth/login': message('Invalid email or password.', 401),
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), ' ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'not the password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(toastShown('Login failed')).toBe(true));
    expect(api.callsTo('POST /api/auth/login')).toEqual([
      { email: 'ada@example.com', password: 'not the password' },
    ]);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });
});
