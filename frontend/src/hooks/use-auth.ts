import type { LoginRequest, SignupRequest, UpdateProfileRequest, User } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchCurrentUser, login, logout, signup, updateProfile } from '@/api/auth';
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

/** Login or signup success refetches the current user (spec section 4). */
function useRefetchSessionAfter<TBody>(call: (body: TBody) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.loggedOut });
      await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    },
  });
}

export function useLogin() {
  return useRefetchSessionAfter<LoginRequest>(login);
}

export function useSignup() {
  return useRefetchSessionAfter<SignupRequest>(signup);
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
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      queryClient.setQueryData(queryKeys.loggedOut, true);
      queryClient.setQueryData(queryKeys.me, null);
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
