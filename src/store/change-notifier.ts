// The store's one version counter and its subscribers: every change bumps
// the version; subscribers hear once per change, or once per batch, with what
// changed (collected in `pending` by the store's parts). Pure: no I/O, no timers.

import type { StoreChange } from './writers.js';

export function emptyChange(): Omit<StoreChange, 'version'> {
  return { added: [], requests: new Set(), commands: new Set(), relays: false };
}

export class ChangeNotifier {
  protected readonly listeners = new Set<(change: StoreChange) => void>();
  /** What changed since subscribers last heard. */
  protected pending = emptyChange();
  protected batchDepth = 0;
  private batchChanged = false;
  private versionCounter = 0;

  constructor(private readonly onSubscriberError: (error: unknown) => void) {}

  get version(): number {
    return this.versionCounter;
  }

  /** Subscribers hear once per change, or once per batch, with what changed. */
  subscribe(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected changed(): void {
    this.versionCounter++;
    if (this.batchDepth > 0) this.batchChanged = true;
    else this.notify();
  }

  private notify(): void {
    if (this.listeners.size === 0) {
      // Nobody to tell (list, the bench, a fold in a test): nothing is allocated per change.
      if (this.pending.added.length || this.pending.requests.size || this.pending.commands.size || this.pending.relays)
        this.pending = emptyChange();
      return;
    }
    const change = { ...this.pending, version: this.versionCounter };
    this.pending = emptyChange();
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.onSubscriberError(error);
      }
    }
  }

  /** The outermost batch ended (the store forgets its batch clock). */
  protected batchEnded(): void {}

  /**
   * Runs `apply` with notifications held: subscribers hear once at the end,
   * if anything changed. A burst of Events then costs one render, not one
   * per Event.
   */
  batch(apply: () => void): void {
    this.batchDepth++;
    try {
      apply();
    } finally {
      this.batchDepth--;
      if (this.batchDepth === 0) this.batchEnded();
      if (this.batchDepth === 0 && this.batchChanged) {
        this.batchChanged = false;
        this.notify();
      }
    }
  }
}
