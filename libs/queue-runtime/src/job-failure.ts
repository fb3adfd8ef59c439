import { UnrecoverableError } from 'bullmq';

/**
 * A failure that retrying cannot fix (no captions, a private video, a rejected request). It carries the HTTP
 * status the gateway answers with; BullMQ fails it at once without using up retries.
 */
export class PermanentJobError extends UnrecoverableError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(encodeFailure(status, message));
    this.name = 'PermanentJobError';
  }
}

/**
 * A transient failure (network, upstream 5xx, rate limiting): thrown so BullMQ retries it with back-off.
 * If every attempt fails, the status below is what the user is answered with.
 */
export class TransientJobError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(encodeFailure(status, message));
    this.name = 'TransientJobError';
  }
}

// Failure reasons are shown in Bull Board too, so they stay human: "[422] This video has no captions."
const FAILURE_PATTERN = /^\[(\d{3})\] ([\s\S]*)$/;

export function encodeFailure(status: number, message: string): string {
  return `[${status}] ${message}`;
}

export interface DecodedFailure {
  status: number;
  message: string;
}

/** Reads a job's failed reason back; anything unrecognised is an internal error. */
export function decodeFailure(reason: string | undefined): DecodedFailure | null {
  const match = reason ? FAILURE_PATTERN.exec(reason) : null;
  if (!match?.[1] || match[2] === undefined) return null;
  return { status: Number(match[1]), message: match[2] };
}
