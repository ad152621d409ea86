// One bounded HTTP GET with the bearer token in the Authorization header
// (never in the URL, AEP-0003 §8.1), the operator's extra CAs, no redirects
// (a redirect could carry the token to another host) and a deadline.
//
// The deadline is total, headers and body together: an idle timeout alone
// let a relay that drips one byte a second keep a read (and `list`) going
// for as long as its document is long. An AbortSignal ends the
// read early when nobody waits for it any more.

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import { describeError } from './socket.js';

export interface GetOptions {
  token?: string;
  ca?: readonly string[];
  accept: string;
  /** The whole exchange, headers and body: past it the request is destroyed. */
  timeoutMs: number;
  /** Aborts the request (headers or body) when it fires. */
  signal?: AbortSignal;
}

export type GetResponse =
  | {
      ok: true;
      status: number;
      contentType: string;
      body: IncomingMessage;
      abort: () => void;
      /** Why the body ended early, if it was cut by the deadline or the signal. */
      cut: () => 'deadline' | 'aborted' | undefined;
    }
  | { ok: false; reason: string };

/** The reason a read gives when its deadline passed. */
export function deadlineText(timeoutMs: number): string {
  return `no complete answer within ${Math.max(1, Math.round(timeoutMs / 1000))} s`;
}

type Cut = 'deadline' | 'aborted';

/** The words for a read that failed: its cut if it was cut, else the error itself. */
function failureText(cut: Cut | undefined, error: unknown, timeoutMs: number): string {
  if (cut === 'deadline') return deadlineText(timeoutMs);
  if (cut === 'aborted') return 'the read was given up';
  return describeError(error);
}

/** The error a cut request is destroyed with, so its `error` event says why. */
function cutError(why: Cut, timeoutMs: number): Error {
  return Object.assign(new Error(failureText(why, undefined, timeoutMs)), {
    code: why === 'deadline' ? 'EDEADLINE' : 'EABORTED',
  });
}

/** The request function and its options: the token as a header, the operator's CAs beside Node's roots. */
function requestFor(url: URL, options: GetOptions) {
  const headers: Record<string, string> = { Accept: options.accept };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const tls = url.protocol === 'https:';
  // A `ca` replaces Node's roots rather than adding to them: pass both.
  const ca = tls && options.ca?.length ? [...rootCertificates, ...options.ca] : undefined;
  return { send: tls ? httpsRequest : httpRequest, init: { method: 'GET', headers, ca } };
}

/** Resolves once the response headers are in (or the request failed). The caller reads or aborts `body`. */
export function httpGet(url: URL, options: GetOptions): Promise<GetResponse> {
  return new Promise((resolve) => {
    const { send, init } = requestFor(url, options);
    let settled = false;
    let cut: Cut | undefined;
    const stop = (why: Cut) => {
      if (cut) return;
      cut = why;
      req.destroy(cutError(why, options.timeoutMs));
    };
    const onAbort = () => stop('aborted');
    const done = () => {
      clearTimeout(deadline);
      options.signal?.removeEventListener('abort', onAbort);
    };
    let req: ReturnType<typeof httpRequest>;
    try {
      req = send(url, init, (res) => {
        settled = true;
        res.on('error', () => undefined);
        res.on('close', done);
        resolve({
          ok: true,
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res,
          abort: () => req.destroy(),
          cut: () => cut,
        });
      });
    } catch (error) {
      // A header value Node refuses (the CLI checks the token first, a library caller may not).
      resolve({ ok: false, reason: describeError(error) });
      return;
    }
    const deadline = setTimeout(() => stop('deadline'), options.timeoutMs);
    deadline.unref?.();
    if (options.signal?.aborted) stop('aborted');
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      if (settled) return;
      settled = true;
      done();
      resolve({ ok: false, reason: failureText(cut, error, options.timeoutMs) });
    });
    req.on('close', () => {
      if (!settled) done();
    });
    req.end();
  });
}

export type SmallBody = { ok: true; text: string } | { ok: false; reason: string };

/** Reads a small body whole, or says why not (too large, cut by the deadline, connection lost). */
export function readSmallBody(
  got: Extract<GetResponse, { ok: true }>,
  maxBytes: number,
  timeoutMs: number,
): Promise<SmallBody> {
  const res = got.body;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    res.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('close', () => {
      if (over) return resolve({ ok: false, reason: `larger than ${Math.round(maxBytes / 1024)} KB` });
      const why = got.cut();
      if (why === 'deadline') return resolve({ ok: false, reason: deadlineText(timeoutMs) });
      if (why === 'aborted') return resolve({ ok: false, reason: 'the read was given up' });
      if (!res.complete) return resolve({ ok: false, reason: 'connection lost mid-answer' });
      resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    });
  });
}
