// Relay URLs: the display id the store and screen use, and the socket URL
// (AEP-0003 §2). Neither ever carries a credential: userinfo and query are
// dropped (a token belongs in the Authorization header only, §8.1).

export type RelayUrls =
  | { ok: true; relay: string; socketUrl: string }
  | { ok: false; relay: string; reason: string };

const SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);

/** Best-effort credential stripping for a string that is not a valid URL. */
function scrub(raw: string): string {
  return raw.replace(/\/\/[^/@]*@/, '//').replace(/[?#].*$/, '');
}

export function relayUrls(base: string): RelayUrls {
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    return { ok: false, relay: scrub(base), reason: 'not a valid URL' };
  }
  u.username = '';
  u.password = '';
  u.search = '';
  u.hash = '';
  const path = u.pathname.replace(/\/+$/, '');
  const relay = `${u.protocol}//${u.host}${path}`;
  if (!SCHEMES.has(u.protocol)) return { ok: false, relay, reason: `unsupported scheme ${u.protocol} (use http, https, ws or wss)` };
  const scheme = u.protocol === 'http:' ? 'ws:' : u.protocol === 'https:' ? 'wss:' : u.protocol;
  const socketPath = path.endsWith('/socket') ? path : `${path}/socket`;
  return { ok: true, relay, socketUrl: `${scheme}//${u.host}${socketPath}` };
}
