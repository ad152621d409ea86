// Writes still under way (journal entries, history appends), so every way
// out (`q`, SIGTERM, SIGHUP, SIGINT, a crash) can wait for them: at most
// `STOP_WAIT_MS`, then the process goes anyway (a stop must never hang).

/** How long a stop waits for pending writes. */
export const STOP_WAIT_MS = 2000;

const pending = new Set<Promise<unknown>>();

/** Tracks `work` until it settles; returns it. */
export function track<T>(work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  pending.add(settled);
  void settled.then(() => pending.delete(settled));
  return work;
}

/** How many writes are under way. */
export function pendingWrites(): number {
  return pending.size;
}

/** Resolves once every write under way has settled (true), or after `ms` (false). */
export async function settleWrites(ms = STOP_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pending.size) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), left);
    });
    const result = await Promise.race([Promise.all([...pending]).then(() => 'done' as const), timeout]);
    clearTimeout(timer);
    if (result === 'timeout') return false;
  }
  return true;
}
