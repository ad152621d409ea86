// Who may use the demo relay: a bearer token in the Authorization header or
// an `access_token` query parameter, compared in constant time. No token
// configured: everyone may (the relay is then watch-only).

import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isAuthorized(req: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true;
  const h = req.headers.authorization;
  if (typeof h === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(h.trim());
    if (m && sameSecret(m[1], token)) return true;
  }
  const q = new URL(req.url ?? '/', 'http://relay').searchParams.get('access_token');
  return q !== null && sameSecret(q, token);
}
