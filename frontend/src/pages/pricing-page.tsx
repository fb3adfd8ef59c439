import { errorMessage } from '@/api/http';
import { AppNav } from '@/components/layout/app-nav';
import { PublicNav } from '@/components/layout/public-nav';
import { SiteFooter } from '@/components/layout/site-footer';
import { FullPageLoading } from '@/components/guards';
import { PricingCards } from '@/components/pricing/pricing-cards';
import { useSession } from '@/hooks/use-auth';
import { useCheckout } from '@/hooks/use-billing';
import { toast } from '@/hooks/use-toast';

/** Public: signed-out visitors see both plans leading to /signup; signed-in users see their current plan. */
export default function PricingPage() {
  const { user, isLoading } = useSession();
  const checkout = useCheckout();

  const upgrade = () =>
    checkout.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to start checkout'),
          variant: 'destructive',
        }),
    });

  if (isLoading) return <FullPageLoading />;
  return (
    <div className="flex min-h-screen flex-col">
      {user ? <AppNav user={user} /> : <PublicNav />}
      <main id="main" className="flex-1 px-4 py-12">
        <div className="mb-12 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose your plan</h1>
          <p className="mt-3 text-muted-foreground">Start free, and upgrade when you need more.</p>
        </div>
        {user ? (
          // A started checkout keeps 'Processing...' until the browser leaves for Stripe.
          <PricingCards
            user={user}
            onUpgrade={upgrade}
            upgrading={checkout.isPending || checkout.isSuccess}
          />
        ) : (
          <PricingCards user={null} />
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
