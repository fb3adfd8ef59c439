import type { Lane } from '@lectern/contracts';

export class SchedulerClosedError extends Error {
  constructor() {
    super('The worker is shutting down.');
  }
}

interface Waiter {
  lane: Lane;
  grant: (release: () => void) => void;
  reject: (error: Error) => void;
}

/**
 * Shares one process's job slots between the Pro and Free lanes. Pro waiters are served first, but after
 * `proBurst` Pro grants in a row while Free jobs wait, the next slot goes to Free: BullMQ's strict priorities
 * would otherwise starve Free users under Pro overload.
 */
export class LaneScheduler {
  private running = 0;
  private proGrantsSinceFree = 0;
  private closed = false;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly capacity: number,
    private readonly proBurst = 4,
  ) {}

  get active(): number {
    return this.running;
  }

  acquire(lane: Lane): Promise<() => void> {
    if (this.closed) return Promise.reject(new SchedulerClosedError());
    return new Promise((grant, reject) => {
      this.waiters.push({ lane, grant, reject });
      this.dispatch();
    });
  }

  /** Refuses new acquisitions and rejects every waiter, so their jobs can go back to the queue. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new SchedulerClosedError());
  }

  private dispatch(): void {
    while (this.running < this.capacity && this.waiters.length > 0) {
      const index = this.nextWaiterIndex();
      const [waiter] = this.waiters.splice(index, 1);
      if (!waiter) return;
      this.proGrantsSinceFree = waiter.lane === 'pro' ? this.proGrantsSinceFree + 1 : 0;
      this.running += 1;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.running -= 1;
        this.dispatch();
      });
    }
  }

  private nextWaiterIndex(): number {
    const pro = this.waiters.findIndex((w) => w.lane === 'pro');
    const free = this.waiters.findIndex((w) => w.lane === 'free');
    if (pro === -1) return free;
    if (free === -1) return pro;
    return this.proGrantsSinceFree >= this.proBurst ? free : pro;
  }
}
