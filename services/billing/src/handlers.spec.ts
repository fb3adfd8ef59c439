import { createBillingHandlers } from './handlers';

describe('billing worker handlers', () => {
  it('answers ping with its own service name and process', async () => {
    const answer = await createBillingHandlers().ping({ sentAt: 1 }, {} as never);
    expect(answer.service).toBe('billing');
    expect(answer.pid).toBe(process.pid);
    expect(answer.receivedAt).toBeGreaterThan(1);
  });
});
