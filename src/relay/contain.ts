/**
 * Runs `fn` and swallows what it throws: the client never throws into its
 * caller, and a handler bug must never throw into ws (and from there into the
 * process). Network input is hostile; a bad frame costs that frame only.
 */
export function contain(fn: () => void): void {
  try {
    fn();
  } catch {
    // deliberately ignored, see above
  }
}
