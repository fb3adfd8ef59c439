/**
 * The gateway's idea of now, injected where dates decide an outcome (review scheduling), so tests can move
 * time forward by days instead of waiting.
 */
export abstract class Clock {
  abstract now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
