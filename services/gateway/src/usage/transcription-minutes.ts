import { hasProAccess, type User } from '@lectern/contracts';
import { transcribedSecondsOfMonth, type Db } from '@lectern/db';
import type { GatewayEnv } from '../config/gateway-env';

export type TranscriptionAllowances = Pick<GatewayEnv, 'TRANSCRIBE_MINUTES_PRO' | 'TRANSCRIBE_MINUTES_FREE'>;

/** The user's monthly minutes of transcription: the plan's allowance, none on Free by default; admins have no limit. */
export function transcriptionMinutesLimit(
  user: Pick<User, 'plan' | 'role'>,
  allowances: TranscriptionAllowances,
): number | null {
  if (user.role === 'admin') return null;
  return hasProAccess(user) ? allowances.TRANSCRIBE_MINUTES_PRO : allowances.TRANSCRIBE_MINUTES_FREE;
}

/** Minutes transcribed for the user this month (UTC), rounded up: a started minute counts. */
export async function transcribedMinutesOfMonth(db: Db, userId: string, month: string): Promise<number> {
  return Math.ceil((await transcribedSecondsOfMonth(db, userId, month)) / 60);
}

/** Why a new upload is refused for the month's minutes, or null while some are left. */
export function minutesUsedUp(
  user: Pick<User, 'plan' | 'role'>,
  used: number,
  limit: number | null,
): string | null {
  if (limit === null || used < limit) return null;
  return hasProAccess(user)
    ? `You have transcribed all ${limit} minutes of recordings your plan includes this month. More become available on the 1st.`
    : `You have transcribed all ${limit} minutes of recordings of the Free plan this month. Upgrade to Pro for more.`;
}
