// Reads a CSV file the way Anki's text import does (rslib/src/import_export/text/csv: metadata.rs and
// import.rs), so the tests see what a student gets, not what Lectern meant:
// - A byte-order mark before the first line is skipped. Leading lines starting with `#` are the file's
//   headers: `#key:value`, the key trimmed and case-folded, the value up to the line end; a line with no
//   `:` is a comment. A first line starting with `tags:` is a header too. `tags`: tags for every note.
// - `separator`: a name (comma, semicolon, tab, space, pipe, colon) or the character itself. Without it
//   Anki takes the first of tab, pipe, semicolon, colon, comma found in the text after the headers.
// - `html`: `true` or `false`; without it the fields count as HTML when any looks like HTML. Plain text is
//   HTML-escaped into the field (what the card shows is the text itself).
// - `columns`: the column names, read as one CSV record with the separator known at that line (tab when
//   none was given before it). Named columns fill the note type's fields of the same name; unnamed ones
//   fill the fields in order.
// - `deck`, `notetype`: names (looked up in the collection; kept here as written).
// - Records: the rust `csv` crate without headers, flexible, `"` quotes with `""` inside, any line end, and
//   `#` as comment character: a record whose first byte is `#` is skipped, anywhere in the file.

export interface AnkiCsv {
  headers: Record<string, string>;
  separator: string;
  html: boolean;
  columns: string[];
  /** The tags Anki gives every note (`#tags:`, or a first line `tags:`), split on whitespace. */
  tags: string[];
  /** Header lines Anki skips as comments (no `key:`), without their `#`. */
  comments: string[];
  /** Each note's fields as Anki stores them (plain text HTML-escaped), by the note type's field names. */
  notes: Array<Record<string, string>>;
}

const SEPARATORS: Array<[string, string]> = [
  ['tab', '\t'],
  ['pipe', '|'],
  ['semicolon', ';'],
  ['colon', ':'],
  ['comma', ','],
  ['space', ' '],
];

function separatorFrom(value: string): string | null {
  const normed = value.toLowerCase();
  const found = SEPARATORS.find(([name, char]) => normed.trim() === name || normed === char);
  return found ? found[1] : null;
}

/** The rust csv crate's reading with has_headers(false), flexible(true) and comment(Some(b'#')). */
export function csvRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let index = 0;
  while (index < text.length) {
    if (text[index] === '\r' || text[index] === '\n') {
      index++;
      continue;
    }
    if (text[index] === '#') {
      while (index < text.length && text[index] !== '\n') index++;
      continue;
    }
    const record: string[] = [];
    let field = '';
    let quoted = false;
    let atFieldStart = true;
    for (; index < text.length; index++) {
      const char = text[index];
      if (quoted) {
        if (char === '"' && text[index + 1] === '"') {
          field += '"';
          index++;
        } else if (char === '"') quoted = false;
        else field += char;
      } else if (char === '"' && atFieldStart) {
        quoted = true;
        atFieldStart = false;
      } else if (char === delimiter) {
        record.push(field);
        field = '';
        atFieldStart = true;
      } else if (char === '\r' || char === '\n') {
        break;
      } else {
        field += char;
        atFieldStart = false;
      }
    }
    record.push(field);
    records.push(record);
  }
  return records;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const looksLikeHtml = (text: string): boolean => /<\/?[a-z][^>]*>|&[a-z]+;|&#\d+;/i.test(text);

export function readAnkiCsv(file: Buffer, noteTypeFields: readonly string[] = ['Front', 'Back']): AnkiCsv {
  let text = file.toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const headers: Record<string, string> = {};
  let separator: string | null = null;
  let html: boolean | null = null;
  let columns: string[] = [];
  const comments: string[] = [];
  let offset = 0;
  let first = true;
  for (;;) {
    const end = text.indexOf('\n', offset);
    const line = text.slice(offset, end < 0 ? text.length : end + 1);
    if (line === '') break;
    if (first && line.startsWith('tags:')) {
      headers.tags = line.slice(5).trim();
    } else if (line.startsWith('#')) {
      const colon = line.indexOf(':');
      if (colon >= 0) {
        const key = line.slice(1, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).replace(/\r?\n$/, '');
        headers[key] = value;
        if (key === 'separator') separator = separatorFrom(value) ?? separator;
        if (key === 'html' && ['true', 'false'].includes(value.toLowerCase()))
          html = value.toLowerCase() === 'true';
        if (key === 'columns') columns = csvRecords(value, separator ?? '\t')[0] ?? [];
      } else comments.push(line.slice(1).replace(/\r?\n$/, ''));
    } else break;
    first = false;
    offset += line.length;
  }
  const body = text.slice(offset);
  separator ??= SEPARATORS.slice(0, 5).find(([, char]) => body.slice(0, 8192).includes(char))?.[1] ?? ' ';
  const start = text.startsWith('tags:') ? text.indexOf('\n') + 1 : 0;
  const records = csvRecords(text.slice(start), separator);
  html ??= records.some((record) => record.some(looksLikeHtml));
  const fieldColumns = noteTypeFields.map((name, index) => {
    if (columns.every((label) => label === '')) return index;
    const named = columns.indexOf(name);
    return named >= 0 ? named : index === 0 ? 0 : -1;
  });
  const notes = records.map((record) =>
    Object.fromEntries(
      noteTypeFields.map((name, index) => {
        const value = record[fieldColumns[index] ?? -1] ?? '';
        return [name, html ? value : escapeHtml(value)];
      }),
    ),
  );
  const tags = (headers.tags ?? '').split(/\s+/u).filter(Boolean);
  return { headers, separator, html, columns, tags, comments, notes };
}
