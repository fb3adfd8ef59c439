const MAX_SHOWN_STRING = 500;
const MAX_SHOWN_ITEMS = 20;
const MAX_DEPTH = 4;

const SECRET_KEY = /secret|password|token|cookie|authorization|api[-_]?key/i;
// Links a job hands back (a billing-portal or checkout session) sign their holder in: never on screen.
const LINK_KEY = /(^|[-_])(url|uri|link|href)s?$|(Url|URL|Uri|URI|Link|Href)s?$/;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/gi;
// A path segment this long is an identifier or a token, e.g. Stripe's /p/session/<token>.
const TOKEN_LIKE_SEGMENT = /^[\w-]{20,}$/;

export const REDACTED = '[redacted]';
export const REDACTED_LINK = '[redacted link]';

/** A link that could carry a credential: a query, a fragment, a user name, or a token-like path segment. */
function mayCarryCredential(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return true;
  }
  return (
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.pathname.split('/').some((segment) => TOKEN_LIKE_SEGMENT.test(segment))
  );
}

function redactLinks(text: string): string {
  return text.replace(URL_IN_TEXT, (link) => (mayCarryCredential(link) ? REDACTED_LINK : link));
}

function trimString(value: string): string {
  return value.length > MAX_SHOWN_STRING
    ? `${value.slice(0, MAX_SHOWN_STRING)}… (${value.length} characters)`
    : value;
}

/**
 * What Bull Board may show of a job's data, return value or progress. Bull Board freezes on multi-megabyte
 * payloads, and nothing bulky or secret belongs on screen: strings are trimmed, secret-looking keys and
 * link-valued keys redacted, and links that could carry a credential removed from any text.
 */
export function trimForDisplay(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return trimString(redactLinks(value));
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_SHOWN_ITEMS).map((item) => trimForDisplay(item, depth + 1));
    return value.length > MAX_SHOWN_ITEMS ? [...shown, `… ${value.length - MAX_SHOWN_ITEMS} more`] : shown;
  }
  if (value && typeof value === 'object') {
    if (depth > MAX_DEPTH) return '…';
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (SECRET_KEY.test(key)) return [key, REDACTED];
        if (LINK_KEY.test(key) && item !== null && item !== undefined) return [key, REDACTED_LINK];
        return [key, trimForDisplay(item, depth + 1)];
      }),
    );
  }
  return value;
}
