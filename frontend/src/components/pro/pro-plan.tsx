import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { ROUTES } from '@/routes';

/** The "Pro" badge beside a feature's title that Free users see. */
export function ProBadge() {
  return (
    <Badge>
      <Crown aria-hidden />
      Pro
    </Badge>
  );
}

/**
 * The line a Free user sees in place of a Pro feature: what is part of Lectern Pro (`children`), and the link to
 * upgrade. With `badge`, the Pro badge leads the line (where the title above has none).
 */
export function ProUpsell({ children, badge = false }: { children: ReactNode; badge?: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3 text-sm">
      {badge ? <ProBadge /> : null}
      <span className="text-muted-foreground">{children}</span>
      <Link to={ROUTES.pricing} className="font-medium text-primary underline-offset-4 hover:underline">
        Upgrade to Pro
      </Link>
    </div>
  );
}
