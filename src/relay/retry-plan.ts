// After a connection closes: when to dial again, and what the status line
// says meanwhile. A version refusal retries at the slow end of the backoff
// (the relay may be upgraded), a refused token slowly (the operator may fix
// it on the relay side), anything else with the growing backoff.
import { tokenWords } from './sse-discovery.js';
import type { ConnectionState } from '../store/types.js';
import type { CloseInfo } from './socket.js';
import { backoffDelay, type RelayTiming } from './timing.js';

export interface RetryPlan {
  connection: ConnectionState;
  delay: number;
  /** The close counts as one more failure for the backoff. */
  failed: boolean;
}

export function retryPlan(
  info: CloseInfo,
  versionRefused: string | undefined,
  failures: number,
  timing: RelayTiming,
  random: () => number,
  /** The token the connection offered (the words differ when none was given). */
  token?: string,
): RetryPlan {
  if (versionRefused) {
    const delay = backoffDelay(
      0,
      { ...timing, backoffInitialMs: timing.versionRetryMs, backoffMaxMs: timing.versionRetryMs },
      random,
    );
    return {
      connection: { kind: 'version-unsupported', detail: versionRefused, retryAt: Date.now() + delay },
      delay,
      failed: false,
    };
  }
  if (info.httpStatus === 401 || info.httpStatus === 403) {
    return {
      connection: { kind: 'unauthorized', detail: tokenWords(info.httpStatus, token) },
      delay: timing.unauthorizedRetryMs,
      failed: false,
    };
  }
  const delay = backoffDelay(failures, timing, random);
  return {
    connection: { kind: 'reconnecting', retryAt: Date.now() + delay, reason: info.reason },
    delay,
    failed: true,
  };
}
