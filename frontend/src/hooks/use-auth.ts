import type {
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
  UpdateProfileRequest,
  User,
} from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchCurrentUser, login, logout, resetPassword, signup, updateProfile } from '@/api/auth';
import { queryKeys } from '@/api/query-keys';
import { toast } from '@/hooks/use-toast';

export const currentUserQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchCurrentUser });

export interface Session {
  /** The signed-in user; null when signed out or when the session check failed. */
  user: User | null;
  isLoading: boolean;
}

export function useSession(): Session {
  const query = useQuery(currentUserQuery);
  return { user: query.isError ? null : (query.data ?? null), isLoading: query.isPending };
}

/** Reads the current user afresh (after a sign-in, or anything else that changes who is signed in). */
export async function refreshSession(queryClient: QueryClient): Promise<User | null> {
  queryClient.removeQueries({ queryKey: queryKeys.loggedOut });
  // A read under way may have started before the change: its answer would be out of date.
  await queryClient.cancelQueries({ queryKey: queryKeys.me });
  return queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
}

/** Forgets the signed-in user and everything read on their behalf. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
  queryClient.setQueryData(queryKeys.me, null);
}

/** Login or signup success refetches the current user. */
function useRefetchSessionAfter<TBody>(call: (body: TBody) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await refreshSession(queryClient);
    },
  });
}

export function useLogin() {
  return useRefetchSessionAfter<LoginRequest>(login);
}

export function useSignup() {
  return useRefetchSessionAfter<SignupRequest>(signup);
}

/** A password reset signs this browser in as the account's owner. */
export function useResetPassword() {
  return useRefetchSessionAfter<ResetPasswordRequest>(resetPassword);
}

/**
 * Logs out and says 'Logged out'. The signed-in screen's guard sees the cleared session and, because of the
 * loggedOut mark, sends the user home rather than to /login (navigating here as well would race it).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession(queryClient);
      queryClient.setQueryData(queryKeys.loggedOut, true);
      toast({ title: 'Logged out' });
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => updateProfile(body),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}
