import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from '@/components/ai/markdown-view';

const TRACKER = 'https://attacker.example/pixel.png?viewer=1';

describe('MarkdownView', () => {
  it('renders no image from AI text, whatever form the Markdown gives it', () => {
    const { container } = render(
      <MarkdownView
        text={[
          '## Summary',
          `An inline image: ![the lecture slide](${TRACKER})`,
          `A linked image: [![badge](${TRACKER})](https://lectern.example)`,
          `A reference image: ![][pixel]`,
          '',
          `[pixel]: ${TRACKER}`,
          '',
          `Raw HTML: <img src="${TRACKER}" alt="raw">`,
        ].join('\n')}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[src], [srcset]')).toBeNull();
    expect(screen.getByText('the lecture slide')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
  });

  it.each([
    'See [the notes](https://attacker.example/notes).',
    'See [the notes](//attacker.example "t").',
    'See [the notes][r].\n\n[r]: https://attacker.example',
    'See <https://attacker.example> and <a@attacker.example> and <irc://attacker.example>.',
    'See [![the notes](https://attacker.example/x.png)](https://attacker.example).',
  ])('renders no link from AI text, only its words: %j', (text) => {
    const { container } = render(<MarkdownView text={text} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a, [href]')).toBeNull();
    expect(container.textContent).toMatch(/^See /);
  });

  it('keeps the words of a link', () => {
    const { container } = render(<MarkdownView text="See [the notes](https://lectern.example/notes)." />);
    expect(container.textContent).toBe('See the notes.');
  });
});

describe('MarkdownView with the video', () => {
  it('links every moment a study aid cites, [m:ss] or (m:ss), to that moment of the video', async () => {
    const { MemoryRouter } = await import('react-router-dom');
    const { container } = render(
      <MemoryRouter>
        <MarkdownView
          videoId="v1"
          text={[
            '## Key points',
            '- [0:05] Light is absorbed.',
            '- Water is split (1:02:03).',
            '',
            'Code keeps `[9:99]` and `(2:00)` as written.',
          ].join('\n')}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Play from 0:05' })).toHaveAttribute('href', '/video/v1?t=5');
    expect(screen.getByRole('link', { name: 'Play from 1:02:03' })).toHaveAttribute(
      'href',
      '/video/v1?t=3723',
    );
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(container.textContent).toContain('[0:05] Light is absorbed.');
    expect(container.textContent).toContain('Water is split (1:02:03).');
  });
});
