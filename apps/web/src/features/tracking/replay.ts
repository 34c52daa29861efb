/**
 * The replay clock: plays a day's thinned track at 1x–20x (1x = one minute of the day each second),
 * outside React's render cycle. Frames go to subscribers (the map moves its marker and, when following,
 * its camera); React state is told at most four times a second (the slider and the time shown).
 */
import type { TrackingPoint } from '@fieldforce/contracts';
import { advanceReplay, positionAt, replayTrack, type ReplayTrack } from './tracking-rules';

export interface ReplayFrame {
  t: number;
  lat: number;
  lng: number;
  follow: boolean;
}

export class ReplayController {
  readonly track: ReplayTrack;
  readonly start: number;
  readonly end: number;
  t: number;
  speed = 5;
  follow = true;
  playing = false;
  private frame = 0;
  private last = 0;
  private lastNotice = 0;
  private readonly frameListeners = new Set<(f: ReplayFrame) => void>();
  private readonly stateListeners = new Set<() => void>();

  constructor(points: readonly TrackingPoint[]) {
    this.track = replayTrack(points);
    this.start = this.track.times[0] ?? 0;
    this.end = this.track.times[this.track.times.length - 1] ?? 0;
    this.t = this.start;
  }

  onFrame(fn: (f: ReplayFrame) => void): () => void {
    this.frameListeners.add(fn);
    return () => this.frameListeners.delete(fn);
  }

  onState(fn: () => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  private emit(force: boolean) {
    const p = positionAt(this.track, this.t);
    if (p)
      for (const fn of this.frameListeners) fn({ t: this.t, lat: p.lat, lng: p.lng, follow: this.follow });
    const now = performance.now();
    if (force || now - this.lastNotice > 250) {
      this.lastNotice = now;
      for (const fn of this.stateListeners) fn();
    }
  }

  play() {
    if (this.playing || this.track.points.length === 0) return;
    if (this.t >= this.end) this.t = this.start;
    this.playing = true;
    this.last = performance.now();
    const step = (now: number) => {
      if (!this.playing) return;
      this.t = Math.min(this.end, advanceReplay(this.t, now - this.last, this.speed));
      this.last = now;
      if (this.t >= this.end) this.playing = false;
      this.emit(!this.playing);
      if (this.playing) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
    this.emit(true);
  }

  pause() {
    this.playing = false;
    cancelAnimationFrame(this.frame);
    this.emit(true);
  }

  seek(t: number) {
    this.t = Math.max(this.start, Math.min(this.end, t));
    this.emit(true);
  }

  setSpeed(speed: number) {
    this.speed = speed;
    this.emit(true);
  }

  setFollow(follow: boolean) {
    this.follow = follow;
    this.emit(true);
  }

  dispose() {
    this.pause();
    this.frameListeners.clear();
    this.stateListeners.clear();
  }
}
