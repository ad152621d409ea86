// The first step of a single-pass read (AEP-0003 §3.4): GET {base}/events,
// the discovery document, names the relay's SSE endpoint (`endpoints.stream`)
// and what it offers. A relay without one is read over the WebSocket instead
// (`fallback`, with the reason); a refused token or a deadline fails the read.

import { deadlineText, httpGet, readSmallBody } from './http-get.js';

const DISCOVERY_MAX_BYTES = 64 * 1024;
const DISCOVERY_TIMEOUT_MS = 5000;

/** `http(s)://host[/prefix]` for a relay given as http(s) or ws(s), without a trailing `/socket`. */
export function httpBase(relay: string): URL {
  const url = new URL(relay);
  if (url.protocol === 'ws:') url.protocol = 'http:';
  if (url.protocol === 'wss:') url.protocol = 'https:';
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/socket$/, '');
  return url;
}

/** The SSE endpoint a discovery document names, and what it says of the relay. */
export interface SseEndpoint {
  stream: URL;
  replayAll: boolean;
  watchOnlyReason?: string;
}

export type Discovery = SseEndpoint | { fallback: string } | { fail: string };

/** Why a relay said 401 or 403, in words: a token refused, or one it needs and was not given. */
export function tokenWords(status: number, token: string | undefined): string {
  return token
    ? `relay refused the token (HTTP ${status})`
    : `relay requires a token (HTTP ${status}) and none was given`;
}

export function refusedToken(status: number, token: string | undefined): string | undefined {
  return status === 401 || status === 403 ? tokenWords(status, token) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a one-pass HTTP read needs: the token, extra CAs, an overall limit, and a signal that gives it up. */
export interface HttpReadOptions {
  token?: string;
  ca?: readonly string[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function connectFailure(step: string, reason: string, timeoutMs: number): string {
  // A deadline or a give-up is not a connection failure: say which read, and why.
  if (reason === deadlineText(timeoutMs) || reason === 'the read was given up') return `${step}: ${reason}`;
  return `could not connect: ${reason}`;
}

export async function discover(base: URL, options: HttpReadOptions): Promise<Discovery> {
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}/events`, base);
  const timeoutMs = Math.min(DISCOVERY_TIMEOUT_MS, options.timeoutMs ?? 10_000);
  const got = await httpGet(url, {
    token: options.token,
    ca: options.ca,
    accept: 'application/json',
    timeoutMs,
    signal: options.signal,
  });
  if (!got.ok) return { fail: connectFailure('the discovery document (GET /events)', got.reason, timeoutMs) };
  const refused = refusedToken(got.status, options.token);
  if (refused) {
    got.body.resume();
    return { fail: refused };
  }
  if (got.status !== 200 || !/json/i.test(got.contentType)) {
    got.abort();
    return { fallback: `no discovery document (HTTP ${got.status})` };
  }
  const body = await readSmallBody(got, DISCOVERY_MAX_BYTES, timeoutMs);
  // Cut by the deadline or given up: a relay that drips its document fails, it is not "no SSE".
  if (!body.ok && got.cut()) return { fail: `the discovery document (GET /events): ${body.reason}` };
  let doc: unknown;
  try {
    doc = body.ok ? JSON.parse(body.text) : undefined;
  } catch {
    doc = undefined;
  }
  if (!isObject(doc)) return { fallback: 'the discovery document is not a JSON object' };
  const endpoints = isObject(doc.endpoints) ? doc.endpoints : {};
  if (typeof endpoints.stream !== 'string' || endpoints.stream === '')
    return { fallback: 'the relay names no SSE stream' };
  let stream: URL;
  try {
    stream = new URL(endpoints.stream, base);
  } catch {
    return { fallback: 'the SSE stream named is not a URL' };
  }
  // The token goes only where the operator pointed the console.
  if (stream.origin !== base.origin) return { fallback: 'the SSE stream named is on another host' };
  const caps = isObject(doc.capabilities) ? doc.capabilities : {};
  const replay = isObject(caps.replay) ? caps.replay : {};
  const watchOnlyReason = isObject(caps.control) ? undefined : 'relay offers no control: commands are refused';
  return { stream, replayAll: replay.all === true, watchOnlyReason };
}
