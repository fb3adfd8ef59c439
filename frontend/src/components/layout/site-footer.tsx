import { Link } from 'react-router-dom';
import { ROUTES } from '@/routes';

export function SiteFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row">
        <p>© {new Date().getFullYear()} Lectern Ltd. All rights reserved.</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link className="underline-offset-4 hover:underline" to={ROUTES.privacy}>
            Privacy Policy
          </Link>
          <Link className="underline-offset-4 hover:underline" to={ROUTES.terms}>
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
