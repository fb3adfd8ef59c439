// Text from captions, users and AI engines made safe for every format (XML, PDF, plain text).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Control characters are not allowed in XML and mean nothing in a PDF; they become spaces so offsets hold.
// eslint-disable-next-line no-control-regex -- these are exactly the characters being removed
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;
const LINE_BREAKS = /[\t\n\r\u2028\u2029\u0085]/g;

/** Makes text safe for every format without changing its length. */
export function sanitize(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, ' ');
}

export function sanitizeLine(text: string): string {
  return sanitize(text).replace(LINE_BREAKS, ' ');
}
