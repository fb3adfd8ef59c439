import { Outlet } from 'react-router-dom';
import { VerifyEmailBanner } from '@/components/account/verify-email-banner';
import { AppNav } from '@/components/layout/app-nav';
import { useSession } from '@/hooks/use-auth';

/** The signed-in screens' frame; it sits under RequireAuth, so the user is known. */
export function AppShell() {
  const { user } = useSession();
  return (
    <div className="min-h-screen">
      {user ? <AppNav user={user} /> : null}
      {user ? <VerifyEmailBanner key={user.id} user={user} /> : null}
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
