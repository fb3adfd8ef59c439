import { BrainCircuit, Download, FileText, GraduationCap, PenLine, Search } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SiteFooter } from '@/components/layout/site-footer';
import { PublicNav } from '@/components/layout/public-nav';
import { PricingCards } from '@/components/pricing/pricing-cards';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ROUTES } from '@/routes';

const FEATURES = [
  {
    icon: FileText,
    title: 'Instant Transcripts',
    text: 'Paste a YouTube link and get the full, timestamped transcript in seconds.',
  },
  {
    icon: Search,
    title: 'Smart Search',
    text: 'Find any moment in hours of video, highlight what matters and jump straight to it.',
  },
  {
    icon: BrainCircuit,
    title: 'AI Summaries',
    text: 'Micro, short or detailed summaries, so you know what a video says before you watch it.',
  },
  {
    icon: GraduationCap,
    title: 'Study Tools',
    text: 'Key insights, flashcards and Cornell notes written from the transcript.',
  },
  {
    icon: PenLine,
    title: 'Content Creation',
    text: 'Turn a talk into a tweet thread, a blog post or an action plan.',
  },
  {
    icon: Download,
    title: 'Export Anywhere',
    text: 'Take your transcript and notes with you as TXT, PDF or DOCX.',
  },
] as const;

export default function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicNav />
      <main id="main" className="flex-1">
        <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Turn any YouTube video into your personal study assistant
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">
            Lectern gives you a searchable, timestamped transcript with highlights and notes, plus AI
            summaries, flashcards and more, from any public video with captions.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={ROUTES.signup}>Get Started Free</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={ROUTES.login}>See Demo</Link>
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-title" className="bg-muted/40 py-20">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
              Everything you need to learn from video
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <Card className="h-full">
                    <CardHeader>
                      <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                        <Icon className="size-5" aria-hidden />
                      </span>
                      <CardTitle>{title}</CardTitle>
                      <CardDescription>{text}</CardDescription>
                    </CardHeader>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="pricing-title" className="px-4 py-20">
          <h2 id="pricing-title" className="mb-12 text-center text-3xl font-bold tracking-tight">
            Simple, transparent pricing
          </h2>
          <PricingCards user={null} />
        </section>

        <section className="bg-primary px-4 py-16 text-center text-primary-foreground">
          <h2 className="text-3xl font-bold tracking-tight">Ready to learn faster?</h2>
          <p className="mx-auto mt-4 max-w-xl opacity-90">
            Analyse your first video in under a minute. No card needed.
          </p>
          <Button asChild size="lg" variant="secondary" className="mt-8">
            <Link to={ROUTES.signup}>Start for Free</Link>
          </Button>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
