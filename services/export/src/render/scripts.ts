import { faceCovers, type FontFace } from './fonts';

/** A stretch of text set in one face. */
export interface ScriptRun {
  face: FontFace;
  start: number;
  end: number;
}

const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/u;
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303F\u30FC\uFF00-\uFFEF]/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
// Characters that continue an emoji sequence: joiner, variation selectors, skin tones, keycaps, tags.
const EMOJI_COMPONENT = /\u200D|\uFE0E|\uFE0F|\u20E3|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]/u;
const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/u;
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;

type Kind = FontFace | 'cjk' | 'neutral' | 'emoji-component';

function kindOf(char: string, codePoint: number): Kind {
  if (codePoint < 0x80) return /[A-Za-z]/.test(char) ? 'latin' : 'neutral';
  if (EMOJI_COMPONENT.test(char)) return 'emoji-component';
  if (REGIONAL_INDICATOR.test(char)) return 'emoji';
  if (PICTOGRAPHIC.test(char) && !faceCovers('latin', codePoint)) return 'emoji';
  if (ARABIC.test(char)) return 'arabic';
  if (HEBREW.test(char)) return 'hebrew';
  if (CJK.test(char)) return 'cjk';
  if (NEUTRAL.test(char)) return 'neutral';
  return 'latin';
}

function cjkFace(text: string, previous: FontFace | null): FontFace {
  if (HANGUL.test(text)) return 'kr';
  if (KANA.test(text)) return 'jp';
  return previous ?? 'sc';
}

/** Whether text holds any right-to-left letter (so the bidi algorithm is worth running). */
export function hasRtl(text: string): boolean {
  return RTL_CHAR.test(text);
}

/** Whether a paragraph reads right to left: its first strong letter is Arabic or Hebrew. */
export function isRtlParagraph(text: string): boolean {
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const kind = kindOf(char, codePoint);
    if (kind === 'arabic' || kind === 'hebrew') return true;
    if (kind === 'latin' || kind === 'cjk') return false;
  }
  return false;
}

/**
 * Splits text into runs by Unicode script, each with the face that draws it. Neutral characters (spaces,
 * digits, punctuation, combining marks) stay with the run they sit in, emoji sequences stay whole, and
 * Han characters take the Japanese or Korean face when the surrounding CJK text is Japanese or Korean.
 */
export function splitByScript(text: string): ScriptRun[] {
  const pieces: Array<{ kind: Kind; start: number; end: number }> = [];
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    let kind = kindOf(char, codePoint);
    const last = pieces[pieces.length - 1];
    if (kind === 'emoji-component') kind = last?.kind === 'emoji' ? 'emoji' : 'neutral';
    if (last && (last.kind === kind || kind === 'neutral')) {
      last.end = index + char.length;
    } else if (last && last.kind === 'neutral' && pieces.length === 1) {
      // Leading neutrals join the first strong run.
      last.kind = kind;
      last.end = index + char.length;
    } else {
      pieces.push({ kind, start: index, end: index + char.length });
    }
    index += char.length;
  }
  const runs: ScriptRun[] = [];
  let previousCjk: FontFace | null = null;
  for (const piece of pieces) {
    let face: FontFace;
    if (piece.kind === 'cjk') {
      face = cjkFace(text.slice(piece.start, piece.end), previousCjk);
      previousCjk = face;
    } else if (piece.kind === 'neutral' || piece.kind === 'emoji-component') {
      face = 'latin';
    } else {
      face = piece.kind;
    }
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.end = piece.end;
    else runs.push({ face, start: piece.start, end: piece.end });
  }
  return runs;
}

const NEUTRAL_TEXT = /[\s\p{P}\p{N}]/u;
const FALLBACK_ORDER: FontFace[] = ['latin', 'sc', 'arabic', 'hebrew', 'emoji'];
const INVISIBLE = /[\p{Cf}\p{Mn}\uFE00-\uFE0F]/u;

/**
 * Splits text into runs whose every character has a glyph in the run's face: characters the chosen face
 * lacks move to a face that has them, invisible format characters nobody can draw are dropped, and
 * anything else becomes a replacement mark. Drawing never meets a missing glyph.
 */
export function splitForDrawing(text: string): Array<{ face: FontFace; text: string }> {
  const out: Array<{ face: FontFace; text: string }> = [];
  const push = (face: FontFace, chunk: string): void => {
    const last = out[out.length - 1];
    if (last && last.face === face) last.text += chunk;
    else out.push({ face, text: chunk });
  };
  for (const run of splitByScript(text)) {
    const runText = text.slice(run.start, run.end);
    if (run.face === 'emoji') {
      // Emoji sequences shape as ligatures; the font answers for the parts it has.
      // Emoji sequences shape as ligatures; the font answers for the parts it has. Spaces and punctuation
      // next to emoji take the text face (the emoji face's space is far wider).
      for (const char of runText) {
        const codePoint = char.codePointAt(0) ?? 0;
        if (NEUTRAL_TEXT.test(char)) push(faceCovers('latin', codePoint) ? 'latin' : 'emoji', char);
        else if (faceCovers('emoji', codePoint)) push('emoji', char);
      }
      continue;
    }
    for (const char of runText) {
      const codePoint = char.codePointAt(0) ?? 0;
      if (char === ' ' || faceCovers(run.face, codePoint)) {
        push(run.face, char);
        continue;
      }
      const other = FALLBACK_ORDER.find((face) => faceCovers(face, codePoint));
      if (other) push(other, char);
      else if (!INVISIBLE.test(char)) push('latin', '\uFFFD');
    }
  }
  return out.filter((piece) => piece.text !== '');
}
