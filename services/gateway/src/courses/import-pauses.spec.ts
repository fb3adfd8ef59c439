import { JobRequestError } from '@lectern/queue-runtime';
import { TooManyRequestsException } from '../http/too-many-requests';
import { importPauseMs } from './course-imports.service';

const PAUSES = { firstMs: 60_000, maxMs: 600_000, attempts: 6 };

describe('importPauseMs', () => {
  it("waits as long as the user's hourly allowance says, at most an hour", () => {
    expect(importPauseMs(new TooManyRequestsException('Too many.', 754), 0, PAUSES)).toBe(754_000);
    expect(importPauseMs(new TooManyRequestsException('Too many.', 7_200), 3, PAUSES)).toBe(3_600_000);
  });

  it('doubles from the first pause when YouTube limits the server, up to the longest', () => {
    const youtube = new JobRequestError(
      429,
      'YouTube is limiting requests from this server; try again later.',
    );
    expect([0, 1, 2, 3, 4, 5].map((pauses) => importPauseMs(youtube, pauses, PAUSES))).toEqual([
      60_000, 120_000, 240_000, 480_000, 600_000, 600_000,
    ]);
    expect(importPauseMs(new TooManyRequestsException('Busy.'), 1, PAUSES)).toBe(120_000);
  });
});
