import type { ErrorBody } from '@lectern/contracts';

/**
 * A non-OK answer. Its message is `status: body`; `serverMessage` is the `{ message }`
 * of the JSON body when there is one, which toasts show in preference to their fallback text, and `code` the
 * machine-readable code the few refusals the app acts on carry.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  readonly code: string | null;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.serverMessage = nonBlank(body?.message);
    this.code = nonBlank(body?.code);
  }
}

function parseErrorBody(bodyText: string): Partial<ErrorBody> | null {
  if (!bodyText) return null;
  try {
    const parsed = JSON.parse(bodyText) as Partial<ErrorBody> | null;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

const nonBlank = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every call is JSON, with the session cookie; any non-OK answer throws an ApiError. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

export async function requestJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/** A request whose answer has no body we need (e.g. 204 on delete). */
export async function requestVoid(method: HttpMethod, url: string, body?: unknown): Promise<void> {
  await apiRequest(method, url, body);
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** GET JSON; with `returnNull`, a 401 resolves to null instead of throwing (the session check). */
export async function getJson<T>(url: string, on401: 'returnNull'): Promise<T | null>;
export async function getJson<T>(url: string, on401?: 'throw'): Promise<T>;
export async function getJson<T>(url: string, on401: UnauthorizedBehavior = 'throw'): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** The server's message when it sent one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
