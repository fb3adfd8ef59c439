import type { User } from '@lectern/contracts';

/** A created date for display, or null when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The name, else the part of the email before the @. */
export function displayName(user: Pick<User, 'name' | 'email'>): string {
  const name = user.name?.trim();
  if (name) return name;
  return user.email.split('@')[0] ?? user.email;
}

/** The first letter of the name, else of the email, else U. */
export function initialOf(user: Pick<User, 'name' | 'email'> | null | undefined): string {
  const source = user?.name?.trim() || user?.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

/** A caption language code as words, e.g. `en` as English; the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "3 of 5" for a Free limit, "3" when the plan has none. */
export function usageText(used: number, limit: number | null): string {
  return limit === null ? String(used) : `${used} of ${limit}`;
}
