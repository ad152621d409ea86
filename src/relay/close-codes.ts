// WebSocket close codes (RFC 6455 §7.4.1, and the IANA registry) in words, so
// the status line says "closed by relay (1006: connection lost without a
// close frame)" rather than a bare number an operator has to look up.

const MEANINGS: Record<number, string> = {
  1000: 'normal close',
  1001: 'going away',
  1002: 'protocol error',
  1003: 'unsupported data',
  1005: 'no close code given',
  1006: 'connection lost without a close frame',
  1007: 'invalid data',
  1008: 'policy violation',
  1009: 'message too big',
  1010: 'extension not negotiated',
  1011: 'relay error',
  1012: 'relay restarting',
  1013: 'try again later',
  1014: 'bad gateway',
  1015: 'TLS handshake failed',
};

/** The code in words: the registry's meaning, or the range it belongs to. */
export function closeCodeMeaning(code: number): string {
  const known = MEANINGS[code];
  if (known) return known;
  if (code >= 4000 && code <= 4999) return 'relay-specific code';
  if (code >= 3000 && code <= 3999) return 'registered library code';
  return 'unknown code';
}

/** "1006: connection lost without a close frame" */
export function describeCloseCode(code: number): string {
  return `${code}: ${closeCodeMeaning(code)}`;
}
