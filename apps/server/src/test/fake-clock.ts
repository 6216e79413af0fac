import type { Clock } from '../clock.js';

/** A clock tests move by hand. */
export interface FakeClock extends Clock {
  advance(milliseconds: number): void;
  set(date: Date): void;
}

export function createFakeClock(start: Date = new Date()): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
