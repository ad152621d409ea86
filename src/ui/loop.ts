// The console's runtime loop, as Bubble Tea runs a program: a message goes
// to `update`, the model it returns is committed (the one copy of the
// model: the view reads it), and only then are the effects it returned
// performed. Their results come back as messages. A message dispatched
// while a message is being folded or its effects performed (an effect's
// result, the store notification a send causes, a paint) waits in a queue
// and is folded after, in order: `update` never runs inside another
// `update`, nor inside an effect.

export interface Step<Model, Effect> {
  model: Model;
  effects: readonly Effect[];
}

export interface LoopParts<Model, Msg, Effect> {
  update: (model: Model, msg: Msg) => Step<Model, Effect>;
  /** Performs one effect; what it learns comes back through `dispatch`, as a message. */
  perform: (effect: Effect, dispatch: (msg: Msg) => void) => void;
  /** Told each model committed (and the one before it), before its effects run: App repaints, gives up unwanted reads. */
  committed?: (model: Model, msg: Msg, before: Model) => void;
}

export class Loop<Model, Msg, Effect> {
  private current: Model;
  private readonly queue: Msg[] = [];
  private folding = false;

  constructor(
    model: Model,
    private readonly parts: LoopParts<Model, Msg, Effect>,
  ) {
    this.current = model;
  }

  /** The model as of the last message folded. */
  get model(): Model {
    return this.current;
  }

  /** `model`, as a function that stays the same (for hooks' dependency lists). */
  readonly read = (): Model => this.current;

  /** Folds `msg` now, or after the message being folded (and every one queued before it). */
  readonly dispatch = (msg: Msg): void => {
    this.queue.push(msg);
    if (this.folding) return;
    this.folding = true;
    try {
      for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) this.fold(next);
    } catch (error) {
      // What was queued behind a message that threw is dropped with it (the
      // next store change is folded whole: the model catches up from its version).
      this.queue.length = 0;
      throw error;
    } finally {
      this.folding = false;
    }
  };

  private fold(msg: Msg): void {
    const before = this.current;
    const { model, effects } = this.parts.update(before, msg);
    this.current = model;
    this.parts.committed?.(model, msg, before);
    for (const effect of effects) this.parts.perform(effect, this.dispatch);
  }
}
