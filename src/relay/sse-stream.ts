// The second step of a single-pass read: GET {stream}?filter=…&capture=…
// &from=all&live=0 (AEP-0003 §3.3, §5): the relay replays what it holds,
// filtered and down-levelled like the live subscription would be, then ends
// the response. The end is the marker: no quiet time is guessed.

import { connectFailure, refusedToken, type HttpReadOptions } from './sse-discovery.js';
import { httpGet, readSmallBody } from './http-get.js';
import { SseParser } from './sse-parse.js';
import { MAX_EVENT_BYTES } from '../protocol/parse.js';
import { displayLine } from '../protocol/sanitize.js';

export type StreamResult = { ok: true; note?: string } | { fallback: string } | { fail: string };

export interface StreamSink {
  started(): void;
  message(data: string): void;
  exhausted(session: string): void;
  oversize(): void;
}

/** The stream's URL for one whole replay that the relay ends: `from=all&live=0`. */
function replayUrl(stream: URL, filter: Record<string, unknown>, capture: string | undefined): URL {
  const url = new URL(stream);
  url.search = '';
  url.searchParams.set('filter', JSON.stringify(filter));
  if (capture) url.searchParams.set('capture', capture);
  url.searchParams.set('from', 'all');
  url.searchParams.set('live', '0');
  return url;
}

/** A parser that hands the sink each message, each `replay-exhausted` comment and each oversize message. */
function replayParser(sink: StreamSink): SseParser {
  return new SseParser(
    {
      message: (data) => sink.message(data),
      comment: (text) => {
        const exhausted = /^replay-exhausted (\S+)/.exec(text);
        if (exhausted) sink.exhausted(exhausted[1]);
      },
      oversize: () => sink.oversize(),
    },
    MAX_EVENT_BYTES + 1024,
  );
}

/**
 * One replay of the SSE stream, `filter` given as is (already merged where
 * the caller wants the console's type filter), ended by the relay (`live=0`).
 */
export async function streamOnce(
  stream: URL,
  options: HttpReadOptions & { filter: Record<string, unknown>; capture?: string },
  sink: StreamSink,
): Promise<StreamResult> {
  const url = replayUrl(stream, options.filter, options.capture);
  const timeoutMs = options.timeoutMs ?? 10_000;
  // One deadline from the request on, headers included (a relay may drip those too).
  const got = await httpGet(url, {
    token: options.token,
    ca: options.ca,
    accept: 'text/event-stream',
    timeoutMs,
    signal: options.signal,
  });
  if (!got.ok) return { fail: connectFailure('the SSE stream', got.reason, timeoutMs) };
  const refused = refusedToken(got.status, options.token);
  if (refused) {
    got.body.resume();
    return { fail: refused };
  }
  if (got.status !== 200 || !/^text\/event-stream/i.test(got.contentType)) {
    const body = got.status === 400 ? await readSmallBody(got, 4096, timeoutMs) : (got.abort(), undefined);
    const detail = body?.ok ? body.text : undefined;
    return {
      fallback: `the SSE stream was refused (HTTP ${got.status}${detail ? `: ${displayLine(detail, 120)}` : ''})`,
    };
  }
  sink.started();
  const parser = replayParser(sink);
  return new Promise<StreamResult>((resolve) => {
    let done = false;
    const finish = (result: StreamResult): void => {
      if (done) return;
      done = true;
      resolve(result);
    };
    got.body.setEncoding('utf8');
    got.body.on('data', (chunk: string) => {
      if (!done) parser.push(chunk);
    });
    got.body.on('end', () => {
      parser.end();
      finish({ ok: true });
    });
    got.body.on('close', () => {
      const cut = got.cut();
      // A relay that ignores live=0 streams forever (or drips): keep what arrived and say so.
      if (cut === 'deadline')
        finish({
          ok: true,
          note:
            `the SSE stream did not end within ${Math.round(timeoutMs / 1000)} s (live=0 ignored, ` +
            `or a slow relay): listed what arrived`,
        });
      else if (cut === 'aborted') finish({ fail: 'the SSE stream: the read was given up' });
      else if (!got.body.complete) finish({ fail: 'connection lost during the replay' });
    });
  });
}
