import type { FeatureType, SummaryLength } from '@lectern/contracts';
import type { RecordedRequest } from '@lectern/fakes/openai';

/**
 * A transcript too long for one request went through map-reduce: several map requests and exactly one final
 * request, a reduce, last of all. Returns the map requests.
 */
export function expectOneMapReduce(
  requests: RecordedRequest[],
  feature: FeatureType,
  summaryLength: SummaryLength | null,
): RecordedRequest[] {
  const maps = requests.filter((request) => request.kind === 'map');
  const finals = requests.filter((request) => request.kind === 'direct' || request.kind === 'reduce');
  expect(maps.length).toBeGreaterThanOrEqual(5);
  expect(finals).toHaveLength(1);
  expect(finals[0]).toMatchObject({ kind: 'reduce', feature, summaryLength, problem: null });
  expect(requests.at(-1)?.kind).toBe('reduce');
  return maps;
}
