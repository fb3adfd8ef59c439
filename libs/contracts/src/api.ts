import { z } from 'zod';
import {
  CaptionTrackKindSchema,
  FEATURE_TYPES,
  HighlightColorSchema,
  SUMMARY_LENGTHS,
  VideoSchema,
} from './entities';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 100;
export const MAX_NOTES_LENGTH = 100_000;

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

/** A password being chosen (signup, reset, change): the same rules everywhere. */
const newPassword = password.min(
  MIN_PASSWORD_LENGTH,
  `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
);

// PostgreSQL cannot store the NUL character in text: refused up front rather than failing on the way in.
const withoutNul = (value: string) => !value.includes('\u0000');

const name = z
  .string({ error: 'Name must be text.' })
  .trim()
  .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters long.`)
  .refine(withoutNul, 'Name cannot contain the NUL character.');

export const SignupRequestSchema = z.object({
  email,
  password: newPassword,
  name: name.optional().nullable(),
});
export type SignupRequest = z.input<typeof SignupRequestSchema>;

export const LoginRequestSchema = z.object({ email, password });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** The token from a mailed link (verify email, reset password), as the link carries it. */
const mailedToken = z
  .string({ error: 'The link is missing its token.' })
  .trim()
  .min(1, 'The link is missing its token.')
  .max(200, 'This link is not valid. Please use the link from the latest email.');

export const VerifyEmailRequestSchema = z.object({ token: mailedToken });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.object({ token: mailedToken, password: newPassword });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required.' })
    .min(1, 'Current password is required.')
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`),
  newPassword: z
    .string({ error: 'New password is required.' })
    .min(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
    .max(MAX_PASSWORD_LENGTH, `New password must be at most ${MAX_PASSWORD_LENGTH} characters long.`),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

export const DeleteAccountRequestSchema = z.object({ password });
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

/** What the account routes answer when there is nothing else to say; the message is shown as it is. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Texts the gateway answers and the web app shows, kept in one place so both say the same. */
export const AccountMessage = {
  ResetLinkSent: 'If an account exists for that email, we sent a link.',
  VerificationSent: 'We sent a new confirmation email.',
  EmailVerified: 'Your email is confirmed.',
  SignInToConfirm:
    'Please log in to confirm your email: the link works only in a browser signed in to the account it was sent for.',
  LinkOfAnotherAccount:
    'This link confirms the email of another account. Log out, then log in to the account it was sent for.',
  AlreadyVerified: 'Your email is already confirmed.',
  TooManyVerificationEmails:
    'You asked for 3 confirmation emails in the last hour. Please wait before asking again.',
  InvalidLink: 'This link is not valid. Please use the link from the latest email.',
  UsedLink: 'This link has already been used. Please ask for a new one.',
  ExpiredLink: 'This link has expired. Please ask for a new one.',
  WrongCurrentPassword: 'Your current password is not correct.',
  WrongPassword: 'The password is not correct.',
  PasswordChanged: 'Your password was changed.',
  SignedOutEverywhere: 'You are signed out on every device.',
  AccountDeleted: 'Your account has been deleted.',
} as const;

export const UpdateProfileRequestSchema = z.object({ name });
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

export const FetchTranscriptRequestSchema = z.object({
  youtubeUrl: z.string({ error: 'Please enter a YouTube URL' }),
});
export type FetchTranscriptRequest = z.input<typeof FetchTranscriptRequestSchema>;

export const ChooseTrackRequestSchema = z.object({
  languageCode: z
    .string({ error: 'languageCode is required.' })
    .trim()
    .min(1, 'languageCode is required.')
    .max(35, 'languageCode is too long.')
    .regex(
      /^[A-Za-z0-9]+([-_][A-Za-z0-9]+)*$/,
      'languageCode must be a language code such as "en" or "es-419".',
    ),
  kind: CaptionTrackKindSchema,
});
export type ChooseTrackRequest = z.input<typeof ChooseTrackRequestSchema>;

/** What switching a video's caption track answers: the video as it now is, and the highlights it lost. */
export const ChooseTrackResponseSchema = z.object({
  video: VideoSchema,
  /** Highlights whose text the new transcript no longer has (where they were, or once anywhere else). */
  droppedHighlights: z.number().int().nonnegative(),
});
export type ChooseTrackResponse = z.infer<typeof ChooseTrackResponseSchema>;

/** A video the analyse page offers to try in one click (the demo's sample lectures). */
export const SampleVideoSchema = z.object({
  title: z.string(),
  youtubeUrl: z.string(),
});
export type SampleVideo = z.infer<typeof SampleVideoSchema>;

/** What `GET /api/player` answers: where the web app loads YouTube's IFrame Player API from. */
export const PlayerConfigSchema = z.object({
  /** The script defining `YT.Player` (`YOUTUBE_IFRAME_API_URL`). */
  iframeApiUrl: z.string(),
});
export type PlayerConfig = z.infer<typeof PlayerConfigSchema>;

export const CreateHighlightRequestSchema = z.object({
  videoId: z.string({ error: 'videoId is required.' }),
  text: z.string({ error: 'text is required.' }),
  startIndex: z
    .number({ error: 'startIndex must be a whole number.' })
    .int('startIndex must be a whole number.'),
  endIndex: z.number({ error: 'endIndex must be a whole number.' }).int('endIndex must be a whole number.'),
  color: HighlightColorSchema,
});
export type CreateHighlightRequest = z.input<typeof CreateHighlightRequestSchema>;

/** The value sent, echoed in a message when it is short and simple; a blob of any size is not repeated. */
function quoted(value: unknown): string {
  const json = JSON.stringify(value);
  return (typeof value === 'string' || typeof value === 'number') && json.length <= 40 ? ` ${json}` : '';
}

export const GenerateRequestSchema = z.object({
  videoId: z
    .string({ error: 'A videoId is required.' })
    .refine((value) => value.trim() !== '', 'A videoId is required.'),
  type: z.enum(FEATURE_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `A type is required: one of ${FEATURE_TYPES.join(', ')}.`
        : `Unknown AI feature${quoted(issue.input)}. Choose one of: ${FEATURE_TYPES.join(', ')}.`,
  }),
  /** Only a summary has a length (short when not given); it is ignored for every other feature. */
  summaryLength: z
    .enum(SUMMARY_LENGTHS, {
      error: (issue) => `Unknown summary length${quoted(issue.input)}. Choose micro, short or detailed.`,
    })
    .nullish(),
  regenerate: z.boolean({ error: 'The regenerate field must be true or false.' }).optional().default(false),
});
export type GenerateRequest = z.input<typeof GenerateRequestSchema>;

export const SaveNotesRequestSchema = z.object({
  notes: z
    .string({ error: 'notes must be text.' })
    .max(MAX_NOTES_LENGTH, 'Notes are too long.')
    .refine(withoutNul, 'Notes cannot contain the NUL character.'),
});
export type SaveNotesRequest = z.input<typeof SaveNotesRequestSchema>;

export const ErrorBodySchema = z.object({
  message: z.string(),
  /** Set on the few refusals the app acts on beyond showing the message (see CaptionlessCode). */
  code: z.string().optional(),
});
/** Every non-2xx answer under /api. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const FREE_PLAN_LIMITS = {
  transcriptsPerMonth: 5,
  aiGenerationsPerMonth: 10,
  aiQuestionsPerMonth: 5,
} as const;

export const UsageCounterSchema = z.object({
  used: z.number().int(),
  /** null when the plan has no limit. */
  limit: z.number().int().nullable(),
});
export const UsageStatsSchema = z.object({
  /** The calendar month (UTC) the counts cover, e.g. "2026-11". */
  month: z.string(),
  videosAnalyzed: UsageCounterSchema,
  aiGenerations: UsageCounterSchema,
  notesCreated: z.number().int(),
  /** Questions asked of videos (Ask). */
  aiQuestions: UsageCounterSchema,
  /** Minutes of uploaded recordings transcribed (rounded up); `limit` is the plan's monthly allowance. */
  transcriptionMinutes: UsageCounterSchema.optional(),
});
export type UsageStats = z.infer<typeof UsageStatsSchema>;
