import { FREE_PLAN_LIMITS } from '@lectern/contracts';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { usePortal } from '@/hooks/use-billing';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

export function PlanCard({ isPro }: { isPro: boolean }) {
  const portal = usePortal();
  const openPortal = () =>
    portal.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to open billing portal'),
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{isPro ? 'Pro Plan' : 'Free Plan'}</CardTitle>
          {isPro ? <Badge>Active</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {isPro ? (
          <p>Unlimited transcripts and AI generations, every AI tool, and PDF and DOCX export.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            <li>{FREE_PLAN_LIMITS.transcriptsPerMonth} transcripts per month</li>
            <li>{FREE_PLAN_LIMITS.aiGenerationsPerMonth} AI generations per month</li>
            <li>Summaries and TXT export</li>
          </ul>
        )}
      </CardContent>
      <CardFooter>
        {isPro ? (
          <Button variant="outline" onClick={openPortal} disabled={portal.isPending}>
            {portal.isPending ? 'Opening...' : 'Manage Subscription'}
          </Button>
        ) : (
          <Button asChild>
            <Link to={ROUTES.pricing}>Upgrade to Pro</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
