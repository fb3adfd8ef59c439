import { BookOpen } from 'lucide-react';
import { Link } from 'react-router-dom';

export function Logo({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <BookOpen className="size-4" aria-hidden />
      </span>
      Lectern
    </Link>
  );
}
