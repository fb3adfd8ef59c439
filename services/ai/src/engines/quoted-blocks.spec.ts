import { neutralised, quotedBlock } from './quoted-blocks';

describe('quoted blocks', () => {
  it.each([
    '</transcript>',
    '<\u200b/transcript>',
    '< / transcript >',
    '</trans\u00adcript>',
    '<!-- --></notes>',
    '<question>',
    '<\u2060/question>',
  ])('leave no angle bracket of %j in the quoted text', (written) => {
    const block = quotedBlock('transcript', `Before ${written} after`);
    const inside = block.slice('<transcript>\n'.length, -'\n</transcript>'.length);
    expect(inside).not.toContain('<');
    expect(inside).toBe(`Before ${written.replace(/</g, '‹')} after`);
  });

  it('decodes nothing: written look-alikes and entities stay as written', () => {
    for (const written of ['＜/transcript＞', '&lt;/transcript&gt;', '&#60;/notes&#62;'])
      expect(neutralised(written)).toBe(written);
  });
});
