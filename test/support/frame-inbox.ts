/**
 * A frame parsed off the wire, as tests read it: field by field, after a
 * check of its `type`. Typing each kind of frame would put a cast at every
 * read and check nothing more (the assertions do the checking).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: a parsed JSON frame, read by field in assertions
export type WireFrame = any;

/**
 * Frames as they arrive, and a way to await the first one not yet taken that
 * matches a predicate: tests await frames instead of sleeping.
 */
export class FrameInbox<F> {
  readonly frames: F[] = [];
  private readonly taken = new Set<number>();
  private readonly waiters = new Set<() => void>();

  push(frame: F): void {
    this.frames.push(frame);
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves with (and takes) the first untaken frame matching `pred`; rejects after `timeoutMs` if given. */
  next(pred: (frame: F) => boolean, timeoutMs?: number): Promise<F> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const take = (): boolean => {
        const index = this.frames.findIndex((frame, i) => !this.taken.has(i) && pred(frame));
        if (index < 0) return false;
        this.taken.add(index);
        this.waiters.delete(waiter);
        if (timer) clearTimeout(timer);
        resolve(this.frames[index]);
        return true;
      };
      const waiter = (): void => void take();
      if (take()) return;
      this.waiters.add(waiter);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error(`timed out waiting for a frame; got ${JSON.stringify(this.frames).slice(0, 1500)}`));
        }, timeoutMs);
      }
    });
  }
}
