import { AccountMessage } from '@lectern/contracts';
import { Link, useLocation } from 'react-router-dom';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { useForgetDeletedAccount } from '@/hooks/use-account';
import { ROUTES } from '@/routes';

export default function AccountDeletedPage() {
  useForgetDeletedAccount(useLocation().state);
  return (
    <AuthLayout title={AccountMessage.AccountDeleted} description="Thank you for studying with Lectern.">
      <div className="grid gap-4 text-sm">
        <p role="status">
          Your library, transcripts, highlights, notes and AI content are gone, any Pro subscription is
          cancelled, and every device has been signed out.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild className="flex-1">
            <Link to={ROUTES.home}>Go to the home page</Link>
          </Button>
          <Button asChild variant="outline" className="flex-1">
            <Link to={ROUTES.signup}>Create a new account</Link>
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}
