import { AccountMessage } from '@lectern/contracts';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { useVerifyEmail } from '@/hooks/use-account';
import { useSession } from '@/hooks/use-auth';
import { ROUTES } from '@/routes';

/** Where to go from here: the library when signed in (its banner can send a new mail), else the login page. */
function WayOn({ signedIn, label }: { signedIn: boolean; label?: string }) {
  return (
    <Button asChild className="w-full">
      <Link to={signedIn ? ROUTES.dashboard : ROUTES.login}>
        {label ?? (signedIn ? 'Go to your library' : 'Log in')}
      </Link>
    </Button>
  );
}

export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const { user, isLoading } = useSession();
  const signedIn = user !== null;
  // The token is single-use: a second request (React runs effects twice in development) would be refused.
  const sentFor = useRef<string | null>(null);

  // The server confirms only in a session of the link's own account: a signed-out visitor logs in first.
  useEffect(() => {
    if (token === '' || isLoading || !signedIn || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, isLoading, signedIn, mutate]);

  if (token === '') {
    return (
      <AuthLayout title="This link is incomplete" description="Open the link from the email again.">
        <Outcome tone="error" message={AccountMessage.InvalidLink} />
        <WayOn signedIn={signedIn} />
      </AuthLayout>
    );
  }

  if (!isLoading && !signedIn) {
    return (
      <AuthLayout
        title="Log in to confirm your email"
        description="The link works in a browser signed in to the account it was sent for."
      >
        <Button asChild className="w-full">
          <Link
            to={ROUTES.login}
            state={{ returnTo: `${ROUTES.verifyEmail}?token=${encodeURIComponent(token)}` }}
          >
            Log in
          </Link>
        </Button>
        <p className="mt-4 text-sm text-muted-foreground">
          Did not sign up with this address yourself?{' '}
          <Link
            to={ROUTES.forgotPassword}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Reset the password
          </Link>{' '}
          instead: the emailed link proves the address is yours and signs everyone else out.
        </p>
      </AuthLayout>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthLayout title="Email confirmed" description="Thanks for confirming your address.">
        <Outcome tone="success" message={AccountMessage.EmailVerified} />
        <WayOn signedIn={signedIn} label={signedIn ? 'Go to your library' : 'Log in to Lectern'} />
      </AuthLayout>
    );
  }

  if (verify.isError) {
    return (
      <AuthLayout
        title="We could not confirm your email"
        description={
          signedIn
            ? 'You can ask for a new link from the banner in your library.'
            : 'Log in to ask for a new link.'
        }
      >
        <Outcome tone="error" message={errorMessage(verify.error, AccountMessage.InvalidLink)} />
        <WayOn signedIn={signedIn} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Confirming your email" description="This takes a moment.">
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
        Confirming...
      </p>
    </AuthLayout>
  );
}

function Outcome({ tone, message }: { tone: 'success' | 'error'; message: string }) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <p
      role={tone === 'success' ? 'status' : 'alert'}
      className="mb-4 flex items-start gap-2 rounded-md border p-3 text-sm font-medium"
    >
      <Icon
        aria-hidden
        className={tone === 'success' ? 'size-5 shrink-0 text-primary' : 'size-5 shrink-0 text-destructive'}
      />
      <span>{message}</span>
    </p>
  );
}
