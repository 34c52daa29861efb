/**
 * Where the server gets the time for anything with an expiry (tokens, codes, lockout, TOTP, password
 * age). The app holds one (`app.clock`); tests pass a ManualClock and move it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date | string | number = Date.now()) {
    this.ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  set(to: Date | string | number): void {
    this.ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  advanceSeconds(s: number): void {
    this.advance(s * 1000);
  }
  advanceMinutes(m: number): void {
    this.advance(m * 60_000);
  }
  advanceDays(d: number): void {
    this.advance(d * 86_400_000);
  }
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
