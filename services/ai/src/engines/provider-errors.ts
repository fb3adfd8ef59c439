import { PermanentJobError, TransientJobError } from '@lectern/queue-runtime';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/** Raised by our own deadline (AI_TIMEOUT_MS), which covers one provider request and its retries. */
export class ProviderDeadlineError extends Error {
  constructor() {
    super('The AI provider request ran out of time.');
    this.name = 'ProviderDeadlineError';
  }
}

/** A streamed answer that broke off (the connection dropped) after it had begun. */
export class ProviderStreamBrokenError extends Error {
  constructor(cause: unknown) {
    super('The AI provider stopped its streamed answer.', { cause });
    this.name = 'ProviderStreamBrokenError';
  }
}

/**
 * Classifies an error of one provider request into what the job reports: 504 for a timeout, a permanent 502
 * when the provider rejects our key or request (retrying cannot help), a transient 502 when it is down or
 * busy. Messages reach the user who asked: they name the kind of provider, never its address (OPENAI_BASE_URL
 * may point inside Lectern's network) nor the key (providers echo part of a rejected key in their errors).
 */
export function toJobError(error: unknown, provider: string, apiKey: string, baseURL?: string): Error {
  if (error instanceof ProviderDeadlineError || error instanceof APIConnectionTimeoutError) {
    return new TransientJobError(504, `The AI provider (${provider}) did not answer in time.`);
  }
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof ProviderStreamBrokenError) {
    return new TransientJobError(502, `The AI provider (${provider}) stopped answering partway through.`);
  }
  if (error instanceof APIConnectionError) {
    return new TransientJobError(502, `Lectern could not reach the AI provider (${provider}).`);
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 401)
      return new PermanentJobError(502, `The AI provider (${provider}) rejected Lectern's API key.`);
    if (status === 403) {
      return new PermanentJobError(
        502,
        `The AI provider (${provider}) refused access with Lectern's API key.`,
      );
    }
    if (status === 408)
      return new TransientJobError(504, `The AI provider (${provider}) did not answer in time.`);
    if (status === 429) {
      return new TransientJobError(
        502,
        `The AI provider (${provider}) is rate-limiting Lectern; please try again shortly.`,
      );
    }
    if (status >= 500)
      return new TransientJobError(502, `The AI provider (${provider}) is unavailable (${status}).`);
    if (status === 409)
      return new TransientJobError(502, `The AI provider (${provider}) could not take the request now.`);
    const detail = providerDetail(error, apiKey, baseURL);
    return new PermanentJobError(
      502,
      `The AI provider (${provider}) rejected the request (${status})${detail ? `: ${detail}` : '.'}`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

// The provider's own explanation ("The model `x` does not exist") helps whoever runs Lectern; it is scrubbed of
// anything key-like and of addresses, and kept short.
function providerDetail(error: { error?: unknown }, apiKey: string, baseURL: string | undefined): string {
  const body = error.error;
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : '';
  const raw = typeof message === 'string' ? message : '';
  return redactAddresses(redactSecrets(raw, apiKey), baseURL).replace(/\s+/g, ' ').trim().slice(0, 200);
}

// A URL of any scheme, or a host name with a port.
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*|\b[\w.-]+:\d{1,5}\b/gi;

/** A provider's text without URLs, `host:port`s or the configured server's host name. */
export function redactAddresses(text: string, baseURL: string | undefined): string {
  let clean = text.replace(ADDRESS, '[address]');
  const hostname = hostnameOf(baseURL);
  if (hostname !== null && hostname.length >= 3) clean = clean.split(hostname).join('[address]');
  return clean;
}

function hostnameOf(baseURL: string | undefined): string | null {
  try {
    return baseURL ? new URL(baseURL).hostname : null;
  } catch {
    return null;
  }
}

export function redactSecrets(text: string, apiKey: string): string {
  let clean = text;
  if (apiKey.length >= 4) clean = clean.split(apiKey).join('[redacted]');
  return clean.replace(/\b(sk|key|pk|rk)-[A-Za-z0-9_*.-]{4,}/gi, '[redacted]');
}

/** The provider's name for messages: OpenAI, or any other server as what it is, never by its address. */
export function providerLabel(baseURL: string | undefined): string {
  if (!baseURL) return 'OpenAI';
  return hostnameOf(baseURL) === 'api.openai.com' ? 'OpenAI' : 'OpenAI-compatible server';
}
