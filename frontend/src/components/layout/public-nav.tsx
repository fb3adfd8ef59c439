import { Link } from 'react-router-dom';
import { Logo } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/routes';

export function PublicNav() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Logo to={ROUTES.home} />
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm">
            <Link to={ROUTES.login}>Log In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={ROUTES.signup}>Sign Up</Link>
          </Button>
        </div>
      </nav>
    </header>
  );
}
