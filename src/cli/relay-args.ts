// --relay values: a URL of a scheme the console speaks, with no credential
// in it, and where a token may be sent in the clear (loopback only). A URL
// with `user:password@` (from --relay, AEP_RELAY or a profile) is refused
// where it is used, shown as `user:***@`; its password becomes a known
// secret, so an echo of it anywhere is redacted.
import { addSecret } from '../protocol/redact.js';
import { relayUrls } from '../protocol/relay-url.js';
import { printable, UsageError } from './usage-error.js';

/** The userinfo of a URL as written: scheme://USERINFO@host (the authority ends at the first / ? or #). */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i;

/**
 * `raw` with the password of its userinfo shown as `***` (`http://u:***@h`),
 * the password remembered as a secret. Any other text comes back as it is.
 */
export function maskedRelay(raw: string): string {
  // A token in the query (`?access_token=…`) is masked the same way.
  const out = raw.replace(QUERY_TOKEN, (_all, key: string, value: string) => {
    remember(value);
    return `${key}***`;
  });
  const match = USERINFO.exec(out);
  if (!match) return out;
  const info = match[2];
  const colon = info.indexOf(':');
  if (colon < 0) return out;
  remember(info.slice(colon + 1));
  return `${match[1]}${info.slice(0, colon)}:***@${out.slice(match[0].length)}`;
}

const QUERY_TOKEN = /([?&](?:access_token|token)=)([^&#]*)/gi;

/** A credential as written and as decoded: both are secrets from now on. */
function remember(secret: string): void {
  addSecret(secret);
  try {
    addSecret(decodeURIComponent(secret));
  } catch {
    // not percent-encoding: the secret as written is the one
  }
}

/** Why a relay URL carries credentials (user:password@, a token in its query), or undefined. */
export function credentialsIn(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return USERINFO.test(raw) ? 'it carries credentials' : undefined;
  }
  if (url.password) remember(url.password);
  return url.username || url.password || url.searchParams.has('access_token') || url.searchParams.has('token')
    ? 'it carries credentials'
    : undefined;
}

export function socketIdentity(relay: string): string {
  const urls = relayUrls(relay);
  return urls.ok ? urls.socketUrl : urls.relay;
}

export function isTls(relay: string): boolean {
  return /^(https|wss):/.test(relay);
}

/** Loopback hosts: the only place a bearer token may travel without TLS (AEP-0003 §8.1). */
export function isLoopback(relay: string): boolean {
  const host = new URL(relay).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function checkRelayUrl(raw: string): string {
  // Masked before anything is said of it: the password never reaches a message.
  const shown = printable(maskedRelay(raw));
  const credentials = credentialsIn(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--relay "${shown}" is not a URL (expected http://host:port)`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new UsageError(`--relay "${shown}" must use http, https, ws or wss`);
  }
  if (credentials) {
    // A credential in a URL ends up in logs and shell history: refuse it.
    throw new UsageError(
      `--relay must not carry credentials: "${shown}" is refused; pass the token with --token, AEP_TOKEN or --token-file`,
    );
  }
  return url.href.replace(/\/$/, '');
}
