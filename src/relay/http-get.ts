// One bounded HTTP GET with the bearer token in the Authorization header
// (never in the URL, AEP-0003 §8.1), the operator's extra CAs, no redirects
// (a redirect could carry the token to another host) and a deadline.

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import { describeError } from './socket.js';

export interface GetOptions {
  token?: string;
  ca?: readonly string[];
  accept: string;
  /** The whole exchange, headers and body. */
  timeoutMs: number;
}

export type GetResponse =
  | { ok: true; status: number; contentType: string; body: IncomingMessage; abort: () => void }
  | { ok: false; reason: string };

/** Resolves once the response headers are in (or the request failed). The caller reads or aborts `body`. */
export function httpGet(url: URL, options: GetOptions): Promise<GetResponse> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { Accept: options.accept };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const tls = url.protocol === 'https:';
    // A `ca` replaces Node's roots rather than adding to them: pass both.
    const ca = tls && options.ca?.length ? [...rootCertificates, ...options.ca] : undefined;
    const send = tls ? httpsRequest : httpRequest;
    let settled = false;
    const req = send(url, { method: 'GET', headers, ca, timeout: options.timeoutMs }, (res) => {
      settled = true;
      res.on('error', () => undefined);
      resolve({
        ok: true,
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type'] ?? ''),
        body: res,
        abort: () => req.destroy(),
      });
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (error) => {
      if (settled) return;
      settled = true;
      resolve({ ok: false, reason: describeError(error) });
    });
    req.end();
  });
}

/** Reads a small body whole; undefined past `maxBytes` (the rest is not read). */
export function readSmallBody(res: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('close', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks).toString('utf8')));
    res.on('error', () => resolve(undefined));
  });
}
