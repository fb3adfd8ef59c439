import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ROUTES } from '@/routes';

export default function PricingCancelPage() {
  return (
    <Card className="mx-auto max-w-lg items-center px-6 py-12 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Checkout Canceled</h1>
      <p className="text-muted-foreground">No charges were made to your account.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to={ROUTES.pricing}>Try Again</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={ROUTES.dashboard}>Back to Dashboard</Link>
        </Button>
      </div>
    </Card>
  );
}
