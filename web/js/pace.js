// Pacing of the table's updates: when several moves arrive at once (bots
// playing one after another), the page shows them one at a time, each with
// its motion (motion.js) and a short pause, so that a person can follow.
// A move that comes alone, after the pause, shows at once. A reconnection's
// catch-up (updates without views) and a full state show at once, and under
// prefers-reduced-motion: reduce nothing waits (no glide to follow; the
// browser tests run so).

import { MOVE_MS, reducedMotion } from './motion.js';

/** The least time between two moves shown, in milliseconds: the glide and a pause. */
export const STEP_MS = MOVE_MS + 480;

/**
 * A queue of items applied in order, no two closer than gap() milliseconds
 * apart, unless pushed with now.
 * @template T
 */
export class Pacer {
  /**
   * @param {(item: T) => (void|Promise<void>)} apply shows one item
   * @param {() => number} [gap] the least time between two items (STEP_MS,
   *   0 under reduced motion)
   * @param {() => number} [clock] the time in milliseconds
   */
  constructor(apply, gap = () => (reducedMotion() ? 0 : STEP_MS), clock = () => performance.now()) {
    this.apply = apply;
    this.gap = gap;
    this.clock = clock;
    /** @type {T[]} */
    this.queue = [];
    /** When the last item was applied. */
    this.last = -Infinity;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
    /** An item being applied (apply may be async). */
    this.running = false;
    /** Whether everything waiting shows at once (an item pushed with now). */
    this.hurry = false;
  }

  /** @returns {number} the items waiting to be shown */
  get waiting() {
    return this.queue.length;
  }

  /**
   * Shows item after those waiting, paced; with now, shows everything
   * waiting and item at once.
   * @param {T} item
   * @param {boolean} [now]
   */
  push(item, now = false) {
    this.queue.push(item);
    if (now) this.hurry = true;
    this.pump();
  }

  /** Drops every item waiting (a full state replaces them). */
  clear() {
    this.queue.length = 0;
    this.hurry = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Applies the next item when its time has come, else waits for it. */
  async pump() {
    if (this.timer !== undefined) {
      if (!this.hurry) return;
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.running) return;
    while (this.queue.length > 0) {
      const wait = this.hurry ? 0 : this.last + this.gap() - this.clock();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      const item = /** @type {T} */ (this.queue.shift());
      if (this.queue.length === 0) this.hurry = false;
      this.running = true;
      try {
        await this.apply(item);
      } catch (e) {
        console.error(e);
      } finally {
        this.running = false;
        this.last = this.clock();
      }
    }
  }
}
