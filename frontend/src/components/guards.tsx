import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { queryKeys } from '@/api/query-keys';
import { useSession } from '@/hooks/use-auth';
import { ROUTES } from '@/routes';

export function FullPageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground" role="status">
      Loading...
    </div>
  );
}

/** Signed-in screens: 'Loading...' while the session is checked, then /login for signed-out visitors. */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const loggedOut = useQueryClient().getQueryData<boolean>(queryKeys.loggedOut) === true;
  if (isLoading) return <FullPageLoading />;
  // After Log Out the user goes home; a visitor who was never signed in (or whose session ended) logs in.
  if (!user && loggedOut) return <Navigate to={ROUTES.home} replace />;
  if (!user) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /login and /signup: signed-in users go to /dashboard. */
export function RedirectIfSignedIn() {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullPageLoading />;
  if (user) return <Navigate to={ROUTES.dashboard} replace />;
  return <Outlet />;
}
