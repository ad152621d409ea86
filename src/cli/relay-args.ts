// --relay values: a URL of a scheme the console speaks, with no credential
// in it, and where a token may be sent in the clear (loopback only).
import { relayUrls } from '../relay/url.js';
import { printable, UsageError } from './usage-error.js';

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
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--relay "${printable(raw)}" is not a URL (expected http://host:port)`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new UsageError(`--relay "${printable(raw)}" must use http, https, ws or wss`);
  }
  if (url.username || url.password || url.searchParams.has('access_token') || url.searchParams.has('token')) {
    // A credential in a URL ends up in logs and shell history: refuse it.
    throw new UsageError('--relay must not carry credentials; pass the token with --token, AEP_TOKEN or --token-file');
  }
  return url.href.replace(/\/$/, '');
}
