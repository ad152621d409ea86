let observer: ((error: unknown) => void) | undefined;

/**
 * Sees every exception contain() swallows. Swallowing keeps the console
 * alive, but each one is still a bug: the hardening tests and `npm run fuzz`
 * count them through this. One observer at a time; undefined removes it.
 */
export function observeContained(hook: ((error: unknown) => void) | undefined): void {
  observer = hook;
}

/**
 * Runs `fn` and swallows what it throws: the client never throws into its
 * caller, and a handler bug must never throw into ws (and from there into the
 * process). Network input is hostile; a bad frame costs that frame only.
 */
export function contain(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    try {
      observer?.(error);
    } catch {
      // an observer must not break containment
    }
  }
}
