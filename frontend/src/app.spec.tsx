import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app';

function visit(path: string) {
  window.history.pushState({}, '', path);
  vi.stubGlobal(
    'fetch',
    vi
      .fn()
      .mockImplementation(() =>
        Promise.resolve(new Response('{"message":"Not signed in."}', { status: 401 })),
      ),
  );
  render(<App />);
}

describe('the web app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the landing page with its six features and both plans', async () => {
    visit('/');
    expect(
      await screen.findByRole('heading', {
        name: 'Turn any YouTube video into your personal study assistant',
      }),
    ).toBeInTheDocument();
    for (const title of [
      'Instant Transcripts',
      'Smart Search',
      'AI Summaries',
      'Study Tools',
      'Content Creation',
      'Export Anywhere',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const free = screen.getByRole('region', { name: 'Free' });
    const pro = screen.getByRole('region', { name: 'Pro' });
    expect(free).toHaveTextContent('$0');
    expect(free).toHaveTextContent('5 transcripts per month');
    expect(free).not.toHaveTextContent('Most Popular');
    expect(pro).toHaveTextContent('$19.99');
    expect(pro).toHaveTextContent('Unlimited transcripts');
    expect(pro).toHaveTextContent('Most Popular');
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });

  it('shows the 404 card for unknown paths', async () => {
    visit('/no-such-page');
    expect(await screen.findByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows both plans leading to /signup on the public pricing page', async () => {
    visit('/pricing');
    expect(await screen.findByRole('link', { name: 'Start Pro' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup');
  });
});
