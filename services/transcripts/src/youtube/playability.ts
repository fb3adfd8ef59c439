// Why YouTube will not play a video, read from the player response's `playabilityStatus`. YouTube words its
// reasons in the language it answers in (the `hl` it picks from the request or the server's address). Lectern
// asks for English, but the texts below cover other languages YouTube may answer in anyway, and structural
// markers are used where they exist.

export interface TextRuns {
  simpleText?: string;
  runs?: { text?: string }[];
}

export interface PlayabilityStatus {
  status?: string;
  reason?: string;
  messages?: unknown;
  /** Present only on the age gate, whatever the language. */
  desktopLegacyAgeGateReason?: unknown;
  errorScreen?: {
    playerErrorMessageRenderer?: { reason?: TextRuns; subreason?: TextRuns };
    confirmDialogRenderer?: { title?: TextRuns; dialogMessages?: TextRuns[] };
  };
}

export type Playability =
  | 'ok'
  /** "Sign in to confirm you're not a bot": YouTube refuses this server's address, not the video. */
  | 'bot-check'
  | 'age-restricted'
  | 'private'
  | 'members-only'
  | 'country'
  | 'removed'
  | 'unavailable';

/** The bot check's reason as YouTube writes it in several `hl` languages (apostrophes normalised). */
export const BOT_CHECK_REASONS = [
  "Sign in to confirm you're not a bot",
  'Inicia sesión para confirmar que no eres un bot',
  "Connectez-vous pour confirmer que vous n'êtes pas un robot",
  'Melde dich an, um zu bestätigen, dass du kein Bot bist',
  'Faça login para confirmar que você não é um robô',
  'Accedi per confermare che non sei un bot',
  'Zaloguj się, aby potwierdzić, że nie jesteś botem',
  "This content isn't available, try again later",
];

const normalise = (text: string) => text.replace(/[\u2018\u2019\u02bc]/g, "'").toLowerCase();
const BOT_CHECKS = BOT_CHECK_REASONS.map(normalise);

const AGE_STATUSES = new Set(['AGE_VERIFICATION_REQUIRED', 'AGE_CHECK_REQUIRED']);
const AGE =
  /confirm your age|age[- ]restricted|inappropriate for some users|confirmar tu edad|confirmer votre âge|dein alter|confirmar (?:a )?sua idade|confermare la tua età/iu;
const PRIVATE = /\bprivate\b|\bprivad[oa]\b|\bprivée?\b|\bprivat(?:es)?\b|\bprivato\b/iu;
const MEMBERS =
  /members[- ]only|join this channel|channel'?s members|\bmiembros\b|\bmembres\b|\bmitglieder\b/i;
const COUNTRY = /in your country|en tu país|dans votre pays|in deinem land|no seu país|nel tuo paese/i;
const REMOVED =
  /has been removed|been terminated|no longer available|ha sido eliminado|se ha eliminado|a été supprimée|wurde entfernt|foi removido/i;

function textOf(runs: TextRuns | undefined): string | null {
  if (!runs || typeof runs !== 'object') return null;
  if (typeof runs.simpleText === 'string') return runs.simpleText;
  if (!Array.isArray(runs.runs)) return null;
  return runs.runs.map((run) => (typeof run?.text === 'string' ? run.text : '')).join('');
}

/** Every sentence the status carries: reason, error screen reason and subreason, dialog and messages. */
export function playabilityTexts(status: PlayabilityStatus): string[] {
  const screen = status.errorScreen?.playerErrorMessageRenderer;
  const dialog = status.errorScreen?.confirmDialogRenderer;
  const messages: unknown[] = Array.isArray(status.messages) ? (status.messages as unknown[]) : [];
  const texts: unknown[] = [
    status.reason,
    textOf(screen?.reason),
    textOf(screen?.subreason),
    textOf(dialog?.title),
    ...(Array.isArray(dialog?.dialogMessages) ? dialog.dialogMessages.map(textOf) : []),
    ...messages,
  ];
  return texts
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .map(normalise);
}

export function classifyPlayability(status: PlayabilityStatus): Playability {
  if (status.status === 'OK') return 'ok';
  const texts = playabilityTexts(status);
  const says = (pattern: RegExp) => texts.some((text) => pattern.test(text));
  if (texts.some((text) => BOT_CHECKS.some((reason) => text.includes(reason)))) return 'bot-check';
  if (AGE_STATUSES.has(status.status ?? '') || status.desktopLegacyAgeGateReason !== undefined || says(AGE)) {
    return 'age-restricted';
  }
  if (says(PRIVATE)) return 'private';
  if (says(MEMBERS)) return 'members-only';
  if (says(COUNTRY)) return 'country';
  if (says(REMOVED)) return 'removed';
  // Sign-in wanted for no reason Lectern knows of: the bot check, in a wording or language not listed above.
  if (status.status === 'LOGIN_REQUIRED') return 'bot-check';
  return 'unavailable';
}
