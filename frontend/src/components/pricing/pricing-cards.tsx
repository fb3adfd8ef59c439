import type { User } from '@lectern/contracts';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FREE_PLAN, PRO_PLAN } from '@/components/pricing/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { ROUTES } from '@/routes';

interface PlanCardProps {
  plan: typeof FREE_PLAN | typeof PRO_PLAN;
  popular?: boolean;
  current?: boolean;
  action: ReactNode;
}

function PlanCard({ plan, popular = false, current = false, action }: PlanCardProps) {
  const titleId = `plan-${plan.name.toLowerCase()}`;
  return (
    <Card
      aria-labelledby={titleId}
      className={cn('relative', popular && 'border-primary shadow-md')}
      role="region"
    >
      {popular ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge> : null}
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={titleId} className="text-xl">
            {plan.name}
          </CardTitle>
          {current ? <Badge variant="secondary">Current Plan</Badge> : null}
        </div>
        <CardDescription>
          <span className="text-3xl font-bold text-foreground">{plan.price}</span> <span>{plan.period}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}

export type PricingCardsProps = { user: null } | { user: User; onUpgrade: () => void; upgrading: boolean };

/** Signed-out: both plans lead to /signup. Signed-in: 'Current Plan' on the user's own plan. */
export function PricingCards(props: PricingCardsProps) {
  const { user } = props;
  const onPro = user?.plan === 'pro';
  const freeAction = !user ? (
    <Button asChild variant="outline" className="w-full">
      <Link to={ROUTES.signup}>Get Started Free</Link>
    </Button>
  ) : !onPro ? (
    <Button variant="outline" className="w-full" disabled>
      Current Plan
    </Button>
  ) : null;
  const proAction = !user ? (
    <Button asChild className="w-full">
      <Link to={ROUTES.signup}>Start Pro</Link>
    </Button>
  ) : onPro ? (
    <Button className="w-full" disabled>
      Current Plan
    </Button>
  ) : (
    <Button className="w-full" onClick={props.onUpgrade} disabled={props.upgrading}>
      {props.upgrading ? 'Processing...' : 'Upgrade to Pro'}
    </Button>
  );
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      <PlanCard plan={FREE_PLAN} current={Boolean(user) && !onPro} action={freeAction} />
      <PlanCard plan={PRO_PLAN} popular current={onPro} action={proAction} />
    </div>
  );
}
