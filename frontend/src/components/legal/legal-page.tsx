import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicNav } from '@/components/layout/public-nav';
import { SiteFooter } from '@/components/layout/site-footer';
import { ROUTES } from '@/routes';

export const LEGAL_EFFECTIVE_DATE = '24 October 2025';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicNav />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
        <Link
          to={ROUTES.home}
          className="inline-flex items-center gap-2 rounded text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to Home
        </Link>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Effective date: {LEGAL_EFFECTIVE_DATE} · Last updated: {LEGAL_EFFECTIVE_DATE}
        </p>
        <div className="mt-8 space-y-8 leading-relaxed [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:mt-1 [&_p]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
