import Negotiator from 'negotiator';
import type { Request } from 'express';

/** `Negotiator#encodings` with its `preferred` option, which @types/negotiator does not declare. */
type EncodingsWithPreference = (
  available: readonly string[],
  options: { preferred: readonly string[] },
) => string[];

/**
 * The encoding of `available` the client's Accept-Encoding ranks highest by its q-values, the earlier in
 * `available` on a tie (so Brotli, listed first, wins over gzip whatever order a browser lists them in);
 * undefined when it accepts none of them.
 */
export function preferredEncoding<T extends string>(
  req: Pick<Request, 'headers'>,
  available: readonly T[],
): T | undefined {
  const negotiator = new Negotiator(req);
  const encodings = negotiator.encodings.bind(negotiator) as EncodingsWithPreference;
  return encodings(available, { preferred: available })[0] as T | undefined;
}
