import { QUEUE_NAMES } from '@lectern/contracts';
import { jobOptionsFor } from '../src/job-options';

describe('job retention', () => {
  it.each(QUEUE_NAMES)('bounds the %s lanes by count as well as age, finished and failed alike', (queue) => {
    const options = jobOptionsFor(queue);
    for (const kept of [options.removeOnComplete, options.removeOnFail]) {
      expect(kept).toEqual({ age: expect.any(Number), count: expect.any(Number) });
      const { count } = kept as { count: number };
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(5000);
    }
  });
});
