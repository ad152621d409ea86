// `POST /events` of the demo relay (AEP-0003 §3.2), as strict as the spec:
// version header, media type, envelope, all before anything is ingested.
// Auth is checked by the caller.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AepEvent } from '../protocol/types.js';
import type { RelayCore } from './relay-core.js';
import { SUPPORTED_VERSIONS, envelopeProblem, isCommandType } from './wire.js';

const MAX_BODY = 16 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A refusal of a whole POST: its status and JSON body. */
export interface PostRefusal {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The header gate of `POST /events` (AEP-0003 §3.2), checked before the body
 * is read: `AEP-Version` is REQUIRED and must name a version this relay
 * speaks (else 426 with the supported `versions`); the body is
 * `application/json` (one Event) or `application/x-ndjson` (a batch, one
 * Event a line), optionally with `charset=utf-8` (else 415). Returns the
 * media type the body is to be read as.
 */
export function postGate(
  headers: IncomingMessage['headers'],
): { ok: true; batch: boolean } | ({ ok: false } & PostRefusal) {
  const version = headers['aep-version'];
  const offered = typeof version === 'string' ? version.trim() : '';
  if (!SUPPORTED_VERSIONS.includes(offered)) {
    const detail =
      offered === ''
        ? 'the AEP-Version request header is required'
        : `AEP-Version ${JSON.stringify(offered.slice(0, 40))} is not supported`;
    return {
      ok: false,
      status: 426,
      body: { error: 'version-unsupported', detail, versions: [...SUPPORTED_VERSIONS] },
    };
  }
  const [type = '', ...params] = String(headers['content-type'] ?? '').split(';');
  const media = type.trim().toLowerCase();
  const charsetOk = params.every((p) => {
    const [k = '', v = ''] = p.split('=');
    return k.trim().toLowerCase() !== 'charset' || v.trim().replace(/^"|"$/g, '').toLowerCase() === 'utf-8';
  });
  if ((media !== 'application/json' && media !== 'application/x-ndjson') || !charsetOk) {
    return {
      ok: false,
      status: 415,
      body: {
        error: 'unsupported-media-type',
        detail: 'POST /events takes application/json (one Event) or application/x-ndjson (one Event a line), UTF-8',
      },
    };
  }
  return { ok: true, batch: media === 'application/x-ndjson' };
}

/**
 * The body as Events, all or nothing: the first line that is not JSON, not a
 * valid envelope, or a command rejects the whole request with its number
 * (AEP-0003 §3.2.3 lets a relay reject a batch whole). Commands are refused
 * here because control flows only on the authenticated duplex binding
 * (AEP-0004 §4.1): a POST is not one.
 */
export function readPostBody(
  text: string,
  batch: boolean,
): { ok: true; events: Array<{ event: AepEvent; raw: string }> } | ({ ok: false } & PostRefusal) {
  const lines = batch ? text.split('\n').map((l) => l.replace(/\r$/, '')) : [text];
  const events: Array<{ event: AepEvent; raw: string }> = [];
  for (const [line, raw] of lines.entries()) {
    if (batch && raw.trim() === '') continue; // the closing newline, or blank lines between Events
    const refuse = (status: number, error: string, detail: string): { ok: false } & PostRefusal => ({
      ok: false,
      status,
      body: batch ? { error, detail: `line ${line + 1}: ${detail}`, line: line + 1 } : { error, detail },
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return refuse(400, 'invalid-event', 'not JSON');
    }
    if (!batch && Array.isArray(parsed))
      return refuse(400, 'invalid-event', 'application/json carries one Event; send a batch as application/x-ndjson');
    const problem = envelopeProblem(parsed);
    if (problem) return refuse(400, 'invalid-event', problem);
    const event = parsed as AepEvent;
    if (isCommandType(event.type))
      return refuse(403, 'unauthorized', 'commands flow only on the authenticated WebSocket binding (AEP-0004 §4.1)');
    // The text as received (AEP-0003 §10: the envelope over the wire is the one posted).
    events.push({ event, raw: raw.trim() });
  }
  if (events.length === 0)
    return { ok: false, status: 400, body: { error: 'invalid-event', detail: 'the body holds no Event' } };
  return { ok: true, events };
}

/** `POST /events`: header gate, bounded body, then every Event ingested in order (202). */
export async function handlePostEvents(req: IncomingMessage, res: ServerResponse, core: RelayCore): Promise<void> {
  const gate = postGate(req.headers);
  if (!gate.ok) {
    // The body is never read: answer, then close so an unread upload cannot pin the socket.
    res.setHeader('connection', 'close');
    return sendJson(res, gate.status, gate.body);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) {
      res.setHeader('connection', 'close');
      return sendJson(res, 413, { error: 'payload-too-large', detail: `the body exceeds ${MAX_BODY} bytes` });
    }
    chunks.push(chunk as Buffer);
  }
  const body = readPostBody(Buffer.concat(chunks).toString('utf8'), gate.batch);
  if (!body.ok) return sendJson(res, body.status, body.body);
  for (const { event, raw } of body.events) core.ingest(event, raw, { refuse: () => undefined });
  sendJson(res, 202, { accepted: body.events.length });
}
