// The language an export declares: the transcript's, as YouTube names its caption track ("en", "es-419",
// "zh-Hans", and old codes such as "iw" for Hebrew), written as a canonical BCP 47 tag ("he"). Screen
// readers pick their voice from it, word processors their spelling and hyphenation.

/**
 * The canonical BCP 47 tag of a caption language, or null when there is none, it is no language tag, or it
 * is `und` (the transcripts worker's mark for a language YouTube did not name).
 */
export function documentLanguage(code: string | null | undefined): string | null {
  const trimmed = code?.trim().replace(/_/g, '-') ?? '';
  if (trimmed === '') return null;
  try {
    const canonical = Intl.getCanonicalLocales(trimmed)[0] ?? null;
    return canonical === 'und' ? null : canonical;
  } catch {
    return null;
  }
}

/** Which of Word's three language slots a language belongs in: right-to-left, East Asian or the others. */
export type LanguageSlot = 'bidi' | 'eastAsia' | 'latin';

const EAST_ASIAN = new Set(['zh', 'ja', 'ko']);

export function languageSlot(language: string): LanguageSlot {
  const locale = new Intl.Locale(language);
  if (EAST_ASIAN.has(locale.language)) return 'eastAsia';
  // Node 20 has the textInfo getter; later versions call it getTextInfo().
  const withInfo = locale as Intl.Locale & {
    textInfo?: { direction?: string };
    getTextInfo?: () => { direction?: string };
  };
  const direction = withInfo.getTextInfo?.().direction ?? withInfo.textInfo?.direction;
  return direction === 'rtl' ? 'bidi' : 'latin';
}
