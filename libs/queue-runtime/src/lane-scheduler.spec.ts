import { LaneScheduler, SchedulerClosedError } from './lane-scheduler';

describe('LaneScheduler', () => {
  it('grants up to its capacity at once', async () => {
    const scheduler = new LaneScheduler(2);
    await scheduler.acquire('free');
    await scheduler.acquire('free');
    let third = false;
    void scheduler.acquire('free').then(() => (third = true));
    await Promise.resolve();
    expect(scheduler.active).toBe(2);
    expect(third).toBe(false);
  });

  it('serves a waiting Pro job before waiting Free jobs', async () => {
    const scheduler = new LaneScheduler(1);
    const release = await scheduler.acquire('free');
    const order: string[] = [];
    const waiters = [
      scheduler.acquire('free').then((r) => (order.push('free-1'), r)),
      scheduler.acquire('free').then((r) => (order.push('free-2'), r)),
      scheduler.acquire('pro').then((r) => (order.push('pro'), r)),
    ];
    release();
    (await waiters[2]!)();
    (await waiters[0]!)();
    (await waiters[1]!)();
    expect(order).toEqual(['pro', 'free-1', 'free-2']);
  });

  it('gives every fifth slot to Free while Pro jobs keep waiting', async () => {
    const scheduler = new LaneScheduler(1, 4);
    const first = await scheduler.acquire('pro');
    const order: string[] = [];
    const all = [
      ...Array.from({ length: 8 }, () => scheduler.acquire('pro').then((r) => (order.push('pro'), r()))),
      ...Array.from({ length: 2 }, () => scheduler.acquire('free').then((r) => (order.push('free'), r()))),
    ];
    first();
    await Promise.all(all);
    expect(order).toEqual(['pro', 'pro', 'pro', 'free', 'pro', 'pro', 'pro', 'pro', 'free', 'pro']);
  });

  it('ignores a second release of the same slot', async () => {
    const scheduler = new LaneScheduler(1);
    const release = await scheduler.acquire('pro');
    release();
    release();
    expect(scheduler.active).toBe(0);
  });

  it('rejects waiters and new requests once closed', async () => {
    const scheduler = new LaneScheduler(1);
    await scheduler.acquire('pro');
    const waiting = scheduler.acquire('free');
    scheduler.close();
    await expect(waiting).rejects.toBeInstanceOf(SchedulerClosedError);
    await expect(scheduler.acquire('pro')).rejects.toBeInstanceOf(SchedulerClosedError);
  });
});
