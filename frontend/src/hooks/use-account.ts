import {
  AccountMessage,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type ForgotPasswordRequest,
} from '@lectern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  changePassword,
  deleteAccount,
  downloadAccountData,
  forgotPassword,
  logoutEverywhere,
  resendVerification,
  verifyEmail,
} from '@/api/auth';
import { errorMessage } from '@/api/http';
import { clearSession, refreshSession } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/share';
import { ROUTES } from '@/routes';

/** Confirms the email the link was sent to; a signed-in user's banner goes away with it. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => verifyEmail({ token }),
    onSuccess: async () => {
      await refreshSession(queryClient);
    },
  });
}

/** Sends the confirmation mail again; when the email turns out to be confirmed already, the session catches up. */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: async ({ message }) => {
      if (message === AccountMessage.AlreadyVerified) await refreshSession(queryClient);
    },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordRequest) => forgotPassword(body) });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => changePassword(body) });
}

/**
 * Ends every session of the account. When this browser's session ended with them, the signed-in screens' guard
 * sends the user to the login page.
 */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: async () => {
      const user = await refreshSession(queryClient).catch(() => null);
      if (user) {
        toast({ title: 'Signed out everywhere', description: 'Every other device has been signed out.' });
        return;
      }
      clearSession(queryClient);
      toast({
        title: 'Signed out everywhere',
        description: 'Every device, this one included, has been signed out.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to sign out everywhere'),
        variant: 'destructive',
      }),
  });
}

export function useDownloadAccountData() {
  return useMutation({
    mutationFn: downloadAccountData,
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName);
      toast({ title: 'Download complete', description: 'Your data is saved as a JSON file.' });
    },
    onError: (error) =>
      toast({
        title: 'Download failed',
        description: errorMessage(error, 'Failed to prepare your data. Please try again.'),
        variant: 'destructive',
      }),
  });
}

/** Marks the navigation to the account-deleted page that follows a deletion (see AccountDeletedPage). */
export interface AccountDeletedState {
  accountDeleted: true;
}

/**
 * Deletes the account, then leaves the signed-in screens for the page that says it is gone. That page forgets the
 * session once it is on screen: forgotten while a signed-in screen still shows, the session guard would send the
 * user to the login page instead.
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => deleteAccount(body),
    onSuccess: async () => {
      const state: AccountDeletedState = { accountDeleted: true };
      await navigate(ROUTES.accountDeleted, { replace: true, state });
    },
  });
}

/** Forgets the deleted account's session, once, when the page was reached by deleting it. */
export function useForgetDeletedAccount(state: unknown) {
  const queryClient = useQueryClient();
  const deleted = (state as Partial<AccountDeletedState> | null)?.accountDeleted === true;
  useEffect(() => {
    if (deleted) clearSession(queryClient);
  }, [deleted, queryClient]);
}
