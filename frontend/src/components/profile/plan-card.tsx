import { FREE_PLAN_LIMITS, type User } from '@lectern/contracts';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { usePortal } from '@/hooks/use-billing';
import { toast } from '@/hooks/use-toast';
import { planStatus } from '@/lib/billing-status';
import { ROUTES } from '@/routes';

export function PlanCard({
  user,
}: {
  user: Pick<User, 'plan' | 'role' | 'subscriptionStatus' | 'proUntil'>;
}) {
  const status = planStatus(user);
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
    <Card aria-labelledby="plan-card-title" role="region">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id="plan-card-title">{status.title}</CardTitle>
          {status.badge ? <Badge variant={status.badge.tone}>{status.badge.label}</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        {status.isPro ? (
          <p>Unlimited transcripts and AI generations, every AI tool, and PDF and DOCX export.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            <li>{FREE_PLAN_LIMITS.transcriptsPerMonth} transcripts per month</li>
            <li>{FREE_PLAN_LIMITS.aiGenerationsPerMonth} AI generations per month</li>
            <li>{FREE_PLAN_LIMITS.aiQuestionsPerMonth} questions about your videos per month</li>
            <li>Summaries and TXT export</li>
          </ul>
        )}
        {status.proUntil ? (
          <p className="font-medium text-foreground">
            {status.proUntil}
            <span className="block font-normal text-muted-foreground">
              Your subscription will not renew; Pro continues until the billing cycle ends.
            </span>
          </p>
        ) : null}
        {status.notice ? (
          <p
            role="status"
            className="rounded-md border border-destructive/60 bg-destructive/10 p-3 font-medium text-foreground"
          >
            {status.notice}
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        {status.isPro ? (
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
