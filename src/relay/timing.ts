// Every delay the relay client uses, in one place. Tests shorten them through
// `RelayClientOptions.timing`; the defaults follow AEP-0003 (§3.5 liveness)
// and AEP-0004 §3 (ack window).

export interface RelayTiming {
  /** First reconnect delay; doubles per failed attempt (±20% jitter). */
  backoffInitialMs: number;
  /** Cap of the reconnect delay. */
  backoffMaxMs: number;
  /** Retry period while the relay refuses the token (HTTP 401/403). */
  unauthorizedRetryMs: number;
  /** The relay must send its hello within this after the socket opens. */
  helloTimeoutMs: number;
  /** The relay must answer a `subscribe` (`subscribed` or an error with its id) within this, else reconnect. */
  subscribeTimeoutMs: number;
  /** A replay burst ends after this long without an Event (no end-of-replay marker exists). */
  replayQuietMs: number;
  /** A replay burst never lasts longer than this (a busy live stream is never quiet). */
  replayMaxMs: number;
  /** Silence after which the client pings the relay itself. */
  pingAfterMs: number;
  /** Silence after which the connection is considered dead (AEP-0003 §3.5: ~90 s). */
  deadAfterMs: number;
  /** Roster refresh debounce after session.started / session.ended. */
  rosterDebounceMs: number;
  /** Roster refresh period while connected (a killed emitter sends no session.ended). */
  rosterRefreshMs: number;
  /** Ack window when the roster does not declare one (AEP-0004 §3). */
  defaultAckWindowMs: number;
  /** Sends per command before a local timeout (first send + retries). */
  maxSends: number;
  /** After `closing` or stop(): how long to wait for the close before terminating. */
  closeGraceMs: number;
  /** A connection live this long has proved stable: only then does the backoff start again from its first delay. */
  stableAfterMs: number;
  /** Retry period after `version-unsupported` (the relay may be upgraded): the slow end, with jitter. */
  versionRetryMs: number;
  /** After an ack window with nothing at all from the relay: how long a ping may take before the link is called dead. */
  probeTimeoutMs: number;
  /** A one-off read (a cause, a timeline) gives up after this (its failure then says it timed out). */
  readTimeoutMs: number;
}

export const DEFAULT_TIMING: RelayTiming = {
  backoffInitialMs: 500,
  backoffMaxMs: 15_000,
  unauthorizedRetryMs: 15_000,
  helloTimeoutMs: 10_000,
  subscribeTimeoutMs: 10_000,
  replayQuietMs: 300,
  replayMaxMs: 10_000,
  pingAfterMs: 45_000,
  deadAfterMs: 90_000,
  rosterDebounceMs: 500,
  rosterRefreshMs: 15_000,
  defaultAckWindowMs: 10_000,
  maxSends: 3,
  closeGraceMs: 1_000,
  stableAfterMs: 30_000,
  versionRetryMs: 60_000,
  probeTimeoutMs: 5_000,
  readTimeoutMs: 8_000,
};

export function resolveTiming(partial?: Partial<RelayTiming>): RelayTiming {
  return { ...DEFAULT_TIMING, ...(partial ?? {}) };
}

/**
 * Reconnect delay for the `attempt`-th consecutive failure (0-based):
 * initial·2^attempt capped at max, then ±20% jitter.
 */
export function backoffDelay(attempt: number, timing: RelayTiming, random: () => number = Math.random): number {
  const base = Math.min(timing.backoffInitialMs * 2 ** Math.min(attempt, 30), timing.backoffMaxMs);
  const r = random();
  const jitter = 1 + ((Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0.5) * 2 - 1) * 0.2;
  return Math.max(0, Math.round(base * jitter));
}

/** Bounds of an ack window read from a roster (AEP-0004 §3); anything else is not believed. */
export const ACK_WINDOW_MIN_MS = 1_000;
export const ACK_WINDOW_MAX_MS = 300_000;
/** The spec default ack window, used when the configured default is unusable. */
const SPEC_ACK_WINDOW_MS = 10_000;
/** setTimeout fires after 1 ms (with a TimeoutOverflowWarning on stderr) above this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The ack window to wait for: `value` (a roster's `ack_window_ms`, untrusted)
 * when it is a finite number within [1 s, 300 s], else the default from the
 * timing (the spec's 10 s unless a test shortened it).
 */
export function clampAckWindow(value: unknown, timing: Pick<RelayTiming, 'defaultAckWindowMs'>): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= ACK_WINDOW_MIN_MS && value <= ACK_WINDOW_MAX_MS)
    return value;
  const fallback = timing.defaultAckWindowMs;
  return typeof fallback === 'number' && Number.isFinite(fallback) && fallback > 0 && fallback <= MAX_TIMER_MS
    ? fallback
    : SPEC_ACK_WINDOW_MS;
}

export type Timer = ReturnType<typeof setTimeout>;

/**
 * setTimeout that never keeps the process alive on its own (an open socket
 * does that). Uses the global setTimeout at call time, so node:test
 * `mock.timers` can drive every delay of the client.
 */
export function later(fn: () => void, ms: number): Timer {
  const timer = setTimeout(fn, ms);
  (timer as { unref?: () => unknown }).unref?.();
  return timer;
}
