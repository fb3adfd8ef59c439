/**
 * Text made safe to place in HTML, as an element's content or a quoted attribute's value (either quote): the
 * mails, the development mail page and the flashcards of an Anki deck all escape it so.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
