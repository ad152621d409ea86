// A request record as it is first folded from its attention.requested Event.
import { hostFromSource, readRequestPayload } from '../protocol/parse.js';
import type { AepEvent, AttentionRequestPayload, PayloadIssue } from '../protocol/types.js';
import { readCapture, readSeverity, withEnvelopeIssues } from './read.js';
import type { RequestKey } from './identity.js';
import type { RequestRecord } from './types.js';

const WITHOUT_CONTEXT = { context: false } as const;
// Shared empty lists: records are replaced, never mutated, so every new request can start from these.
const NO_COMMANDS: RequestRecord['commands'] = Object.freeze([]) as unknown as RequestRecord['commands'];
const NO_ROUTES: RequestRecord['routed'] = Object.freeze([]) as unknown as RequestRecord['routed'];

/** The payload as the store keeps it. */
export function readStoredPayload(event: AepEvent): { payload: AttentionRequestPayload; issues: PayloadIssue[] } {
  // `context` is never shown, and a deeply nested one costs megabytes of heap per request: not kept.
  return readRequestPayload(event, WITHOUT_CONTEXT);
}

/** What the fold knows of a new request beyond its Event. */
export interface NewRequest {
  key: RequestKey;
  session: string;
  /** The source's host, when the fold keeps one for the emitter (else read from the source here). */
  host: string | undefined;
  payload: AttentionRequestPayload;
  issues: PayloadIssue[];
  arrival: number;
  receivedAt: number;
  replayed: boolean;
}

/** Every member of a record, optional ones included (as undefined when absent). */
type AllMembers = { [K in keyof Required<RequestRecord> as K]: RequestRecord[K] | undefined };

export function newRequestRecord(relay: string, event: AepEvent, at: NewRequest): RequestRecord {
  const informational = Array.isArray(at.payload.respondVia) && !at.payload.respondVia.includes('control');
  // Every member listed, optional ones as undefined: the type makes a new member impossible to leave out.
  const members: AllMembers = {
    key: at.key,
    relay,
    session: at.session,
    id: event.id,
    source: event.source,
    agent: event.agent,
    host: at.host ?? hostFromSource(event.source),
    run: typeof event.run === 'string' ? event.run : undefined,
    cause: typeof event.cause === 'string' ? event.cause : undefined,
    severity: readSeverity(event.severity),
    capture: readCapture(event.capture),
    time: event.time,
    arrival: at.arrival,
    receivedAt: at.receivedAt,
    replayed: at.replayed,
    payload: at.payload,
    issues: withEnvelopeIssues(event, at.issues),
    informational,
    state: informational ? 'informational' : 'pending',
    answered: undefined,
    resolution: undefined,
    timeout: undefined,
    staleAt: undefined,
    terminalArrival: undefined,
    commands: NO_COMMANDS,
    routed: NO_ROUTES,
    unconfirmed: undefined,
    violations: undefined,
    bytes: undefined,
    causeSeen: undefined,
  };
  return members as RequestRecord;
}
