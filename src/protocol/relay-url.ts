// Relay URLs: the display id the store and screen use, and the socket URL
// (AEP-0003 §2). Neither ever carries a credential: userinfo and query are
// dropped (a token belongs in the Authorization header only, §8.1).

export type RelayUrls = { ok: true; relay: string; socketUrl: string } | { ok: false; relay: string; reason: string };

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
  if (!SCHEMES.has(u.protocol))
    return { ok: false, relay, reason: `unsupported scheme ${u.protocol} (use http, https, ws or wss)` };
  const scheme = u.protocol === 'http:' ? 'ws:' : u.protocol === 'https:' ? 'wss:' : u.protocol;
  const socketPath = path.endsWith('/socket') ? path : `${path}/socket`;
  return { ok: true, relay, socketUrl: `${scheme}//${u.host}${socketPath}` };
}

/**
 * One spelling per relay, for comparing relays (the outbox's journal): the
 * same server is reached as `ws://h:p/`, `http://h:p`, `HTTP://H:p/socket`.
 * The socket scheme maps to its HTTP scheme, the default port and any
 * trailing `/` or `/socket` go (relayUrls() adds `/socket` back), and
 * credentials, query and fragment never count. Unparsable text is kept as
 * scrubbed, so two such spellings still compare as text.
 */
export function canonicalRelay(base: string): string {
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    return scrub(base);
  }
  const scheme = u.protocol === 'ws:' ? 'http:' : u.protocol === 'wss:' ? 'https:' : u.protocol;
  // URL drops a default port only for the scheme it parsed: ws://h:80 and http://h must agree.
  const port =
    u.port === '' || (scheme === 'http:' && u.port === '80') || (scheme === 'https:' && u.port === '443')
      ? ''
      : `:${u.port}`;
  const path = u.pathname
    .replace(/\/+$/, '')
    .replace(/\/socket$/, '')
    .replace(/\/+$/, '');
  return `${scheme}//${u.hostname}${port}${path}`;
}
