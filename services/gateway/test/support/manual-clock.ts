import type { Clock } from '../../src/common/clock';

/** The gateway's clock, moved by hand from `start`: tests of schedules over days pass it to startTestGateway. */
export class ManualClock implements Clock {
  private at: number;
  constructor(private readonly start: Date) {
    this.at = start.getTime();
  }
  now(): Date {
    return new Date(this.at);
  }
  set(date: Date): void {
    this.at = date.getTime();
  }
  /** Back to `start`. */
  reset(): void {
    this.at = this.start.getTime();
  }
}
