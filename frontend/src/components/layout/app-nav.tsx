import type { User } from '@lectern/contracts';
import { Menu } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { Logo } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useDueCount } from '@/hooks/use-review';
import { displayName, initialOf } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ROUTES } from '@/routes';

const LINKS = [
  { to: ROUTES.dashboard, label: 'Dashboard' },
  { to: ROUTES.analyze, label: 'Analyze' },
  { to: ROUTES.courses, label: 'Courses' },
  { to: ROUTES.review, label: 'Review' },
  { to: ROUTES.pricing, label: 'Pricing' },
] as const;

/** The 'Due today' count beside Review: the library's cards due now (none shown when there are none). */
function DueCount() {
  const count = useDueCount().data ?? 0;
  if (count === 0) return null;
  return (
    <Badge variant="secondary" className="ml-1.5 px-1.5">
      {count}
      <span className="sr-only"> due today</span>
    </Badge>
  );
}

export function AppNav({ user }: { user: User }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4">
        <div className="flex items-center gap-6">
          <Logo to={ROUTES.dashboard} />
          <ul className="hidden items-center gap-1 md:flex">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === ROUTES.pricing}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
                      isActive && 'bg-accent text-accent-foreground',
                    )
                  }
                >
                  {link.label}
                  {link.to === ROUTES.review ? <DueCount /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {LINKS.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to}>
                    {link.label}
                    {link.to === ROUTES.review ? <DueCount /> : null}
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <ThemeToggle />
          <Link
            to={ROUTES.profile}
            className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:pr-3"
          >
            <span
              aria-hidden
              className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {initialOf(user)}
            </span>
            <span className="sr-only max-w-32 truncate text-sm font-medium sm:not-sr-only">
              {displayName(user)}
            </span>
          </Link>
        </div>
      </nav>
    </header>
  );
}
