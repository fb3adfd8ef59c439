import { Parser } from 'htmlparser2';
import type { CaptionFormat, RawCaption } from './normalise';

/** The element that holds one caption in each format, and the attributes that time it. */
const CAPTION_ELEMENT: Record<CaptionFormat, { name: string; start: string; duration: string }> = {
  srv3: { name: 'p', start: 't', duration: 'd' },
  classic: { name: 'text', start: 'start', duration: 'dur' },
};

/**
 * The captions of an `/api/timedtext` body, their text with the XML layer decoded exactly once. Text of
 * nested elements (srv3's per-word `<s>`) is joined; a `<br>` element counts as a space.
 */
export function parseCaptionXml(xml: string, format: CaptionFormat): RawCaption[] {
  const element = CAPTION_ELEMENT[format];
  const captions: RawCaption[] = [];
  let current: RawCaption | null = null;
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (current) {
          depth += 1;
          if (name === 'br') current.text += ' ';
          return;
        }
        if (name !== element.name) return;
        current = {
          text: '',
          offset: Number(attributes[element.start] ?? Number.NaN),
          duration: Number(attributes[element.duration] ?? Number.NaN),
        };
        depth = 0;
      },
      ontext(text) {
        if (current) current.text += text;
      },
      onclosetag() {
        if (!current) return;
        if (depth > 0) {
          depth -= 1;
          return;
        }
        captions.push(current);
        current = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return captions;
}
