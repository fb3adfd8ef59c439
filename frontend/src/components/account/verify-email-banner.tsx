import { AccountMessage, type User } from '@lectern/contracts';
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '@/hooks/use-account';
import { toast } from '@/hooks/use-toast';

// Dismissed for the rest of this browser tab's visit: the banner comes back next time, until the email is confirmed.
const dismissedKey = (userId: string) => `lectern.verify-banner-dismissed.${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(userId: string): void {
  try {
    sessionStorage.setItem(dismissedKey(userId), '1');
  } catch {
    // Storage can be off (private modes); the banner then only hides until the next page load.
  }
}

/** Asks a signed-in user whose email is not confirmed yet to confirm it, and sends the mail again on request. */
export function VerifyEmailBanner({ user }: { user: Pick<User, 'id' | 'email' | 'emailVerified'> }) {
  const [dismissed, setDismissed] = useState(() => readDismissed(user.id));
  const resend = useResendVerification();
  if (user.emailVerified || dismissed) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => {
        if (message === AccountMessage.AlreadyVerified) toast({ title: message });
        else toast({ title: 'Confirmation email sent', description: `We sent a new link to ${user.email}.` });
      },
    });
  const onDismiss = () => {
    rememberDismissed(user.id);
    setDismissed(true);
  };

  return (
    <section aria-labelledby="verify-email-banner-title" className="border-b bg-primary/10">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3">
        <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <h2 id="verify-email-banner-title" className="font-semibold">
              Please confirm your email address
            </h2>
            <p className="text-muted-foreground">
              We sent a link to <span className="font-medium break-all text-foreground">{user.email}</span>.
            </p>
            {resend.isError ? (
              <p role="alert" className="mt-1 font-medium text-destructive dark:text-red-400">
                {errorMessage(resend.error, 'Failed to send the email. Please try again.')}
              </p>
            ) : null}
          </div>
          <Button
            size="sm"
            variant="outline"
            className="self-start sm:self-auto"
            onClick={onResend}
            disabled={resend.isPending}
          >
            {resend.isPending ? 'Sending...' : 'Resend email'}
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 shrink-0"
          aria-label="Dismiss email confirmation reminder"
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      </div>
    </section>
  );
}
