import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes what could open a tag, an entity or end a quoted attribute', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, so an entity in the text stays text', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Der Fluss fließt · 潮汐能')).toBe('Der Fluss fließt · 潮汐能');
  });
});
