import { useQueryClient } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { queryKeys } from '@/api/query-keys';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCheckoutSync } from '@/hooks/use-billing';
import { ROUTES } from '@/routes';

/** Spec section 9: the user is refreshed 1000 ms after the page loads. */
export const POST_CHECKOUT_REFRESH_MS = 1000;

export default function PricingSuccessPage() {
  const queryClient = useQueryClient();
  // Stripe fills in session_id on its way back here (the success URL's {CHECKOUT_SESSION_ID}).
  const sessionId = useSearchParams()[0].get('session_id');
  const { mutate: syncCheckout, error: syncError } = useCheckoutSync();

  useEffect(() => {
    if (sessionId) syncCheckout(sessionId);
  }, [sessionId, syncCheckout]);

  useEffect(() => {
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    }, POST_CHECKOUT_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [queryClient]);

  return (
    <Card className="mx-auto max-w-lg items-center px-6 py-12 text-center">
      <PartyPopper className="size-10 text-primary" aria-hidden />
      <h1 className="text-3xl font-bold tracking-tight">Welcome to Pro!</h1>
      <p className="text-muted-foreground">
        Your upgrade is complete. Every AI tool and PDF and DOCX export are now yours.
      </p>
      {syncError && (
        <p className="text-sm text-muted-foreground" role="status">
          {errorMessage(
            syncError,
            'Your payment is still being confirmed. Your plan will update in a few minutes.',
          )}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to={ROUTES.dashboard}>Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={ROUTES.profile}>View Profile</Link>
        </Button>
      </div>
    </Card>
  );
}
