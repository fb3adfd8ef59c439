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

  it('still renders links, opening in a new tab', () => {
    render(<MarkdownView text="See [the notes](https://lectern.example/notes)." />);
    const link = screen.getByRole('link', { name: 'the notes' });
    expect(link).toHaveAttribute('href', 'https://lectern.example/notes');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
