// waitForFrame: the "until the screen shows it" of an ink-testing-library
// render. ink-testing-library records each frame its stdout is written but
// announces none, so this wraps that stdout's write once per render and
// re-checks on every frame: no polling where a write can be awaited. A
// render without a writable stdout is re-read every 10 ms instead.

/** What waitForFrame needs of an ink-testing-library `render()` result. */
export interface FrameSource {
  lastFrame(): string | undefined;
  stdout?: { write?: unknown };
}

export interface WaitForFrameOptions {
  /** Give up after this many ms (default 10000), rejecting with the last frame in the message. */
  timeout?: number;
}

// CSI and OSC sequences, then any other C0/C1 control but tab and newline: colours must not hide a match.
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** A frame as plain text: what an operator reads. */
export function plainFrame(frame: string): string {
  return frame.replace(ESCAPES, '');
}

type Listener = () => void;
const listeners = new WeakMap<object, Set<Listener>>();

/** Calls `listener` after every write to `stdout`; returns the unsubscribe. Undefined when stdout cannot be hooked. */
function onWrite(stdout: { write?: unknown } | undefined, listener: Listener): (() => void) | undefined {
  if (!stdout || typeof stdout.write !== 'function') return undefined;
  let set = listeners.get(stdout);
  if (!set) {
    const own = new Set<Listener>();
    set = own;
    listeners.set(stdout, own);
    const write = stdout.write as (...args: unknown[]) => unknown;
    stdout.write = (...args: unknown[]): unknown => {
      const result = write.apply(stdout, args);
      for (const l of [...own]) l();
      return result;
    };
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Resolves with the first frame (as plain text) that contains `expected`,
 * or matches it when it is a RegExp; the current frame counts. Rejects after
 * `timeout` with what the screen last showed.
 */
export function waitForFrame(
  ui: FrameSource,
  expected: string | RegExp,
  options: WaitForFrameOptions = {},
): Promise<string> {
  const timeout = options.timeout ?? 10_000;
  // A global or sticky RegExp carries lastIndex from test to test: match with a stateless copy.
  const pattern =
    typeof expected === 'string' ? undefined : new RegExp(expected.source, expected.flags.replace(/[gy]/g, ''));
  const matches = (text: string): boolean => (pattern ? pattern.test(text) : text.includes(expected as string));
  return new Promise<string>((resolve, reject) => {
    let done = false;
    // Assigned once the check below exists; finish() may run before that.
    let unsubscribe: (() => void) | undefined = undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const finish = (settle: () => void): void => {
      done = true;
      unsubscribe?.();
      if (poll) clearInterval(poll);
      clearTimeout(timer);
      settle();
    };
    const check = (): void => {
      if (done) return;
      const frame = plainFrame(ui.lastFrame() ?? '');
      if (matches(frame)) finish(() => resolve(frame));
    };
    const timer = setTimeout(() => {
      const what = typeof expected === 'string' ? JSON.stringify(expected) : String(expected);
      finish(() =>
        reject(
          new Error(
            `the screen never showed ${what} within ${timeout} ms; it shows:\n${plainFrame(ui.lastFrame() ?? '(nothing rendered)')}`,
          ),
        ),
      );
    }, timeout);
    unsubscribe = onWrite(ui.stdout, check);
    if (!unsubscribe) poll = setInterval(check, 10);
    check();
  });
}
