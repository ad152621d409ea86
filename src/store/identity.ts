// Every identity the store keys a map by, built here and nowhere else.
// Producer strings (relay URLs, session names, source URIs,
// ids) may hold any character, so a key is never those strings joined with a
// separator: it is the JSON text of a tagged tuple, which no two different
// tuples share, whatever the strings hold. The tag names the kind, so keys of
// two kinds never meet either, and the types (branded strings: still strings
// for the maps and the UI) keep a request key from being passed where a
// session key is wanted.
//
// Consoles before this one joined a request's relay, session, source and id
// with U+001F, and their saved answers (outbox.ts) name requests that way:
// requestKeyOnRelay reads both.

declare const kind: unique symbol;
/** A key of one kind: a string (maps, React keys) that only its builder below makes. */
type Key<K extends string> = string & { readonly [kind]: K };

/** One request: (relay, session, source, id); ids are unique per emitter only. */
export type RequestKey = Key<'request'>;
/** A request key without its id: one emitter session's requests (see requestKeyIn). */
export type RequestKeyPrefix = Key<'request-prefix'>;
/** A session name on a relay, whichever emitters hold it: (relay, session). Commands address this. */
export type SessionKey = Key<'session'>;
/** One emitter's session: (relay, source, session). Session identity is emitter-scoped (AEP-0001 §5.2). */
export type EmitterSessionKey = Key<'emitter-session'>;
/** One emitter's run in one of its sessions: (relay, source, session, run). */
export type RunKey = Key<'run'>;
/** A command (or its ack) by id on a relay: (relay, command id). */
export type CommandKey = Key<'command'>;
/** What lifecycle Events name a request by: (relay, session, request id), shared by emitters that share both. */
export type SubjectKey = Key<'subject'>;

export interface RequestIdentity {
  relay: string;
  session: string;
  source: string;
  id: string;
}

const REQUEST_TAG = 'request';
/** `["request",` : how a request key starts (a relay URL never does). */
const REQUEST_START = `[${JSON.stringify(REQUEST_TAG)},`;
/** How older consoles (before keys were structured) joined a request key's parts. */
const OLD_SEP = '\u001f';

function tagged(tag: string, parts: readonly string[]): string {
  return JSON.stringify([tag, ...parts]);
}

export function requestKey(relay: string, session: string, source: string, id: string): RequestKey {
  return tagged(REQUEST_TAG, [relay, session, source, id]) as RequestKey;
}

/** Everything of a request key but the id: made once per emitter session, then one short step per request. */
export function requestKeyPrefix(relay: string, session: string, source: string): RequestKeyPrefix {
  // `["request","r","s","src"]` less its `]`, and the id's opening quote: the id and `"]` then close it as requestKey does.
  return (tagged(REQUEST_TAG, [relay, session, source]).slice(0, -1) + ',"') as RequestKeyPrefix;
}

/** The key of request `id` of the emitter session `prefix` names; equal to requestKey of the four. */
export function requestKeyIn(prefix: RequestKeyPrefix, id: string): RequestKey {
  // The id itself between the quotes when JSON holds it as it is: the key then shares the record's copy of it.
  return (prefix + (isJsonPlain(id) ? id : JSON.stringify(id).slice(1, -1)) + '"]') as RequestKey;
}

/**
 * Whether JSON text holds `s` as it is (printable ASCII without `"` or `\\`),
 * as the ids a fleet sends do: no JSON.stringify per request at intake speed.
 */
function isJsonPlain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** The parts of a request key, or undefined when `key` is not one (a hostile or old-format string). */
export function parseRequestKey(key: string): RequestIdentity | undefined {
  if (!key.startsWith(REQUEST_START)) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(key);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || parts.length !== 5 || !parts.every((part) => typeof part === 'string')) return undefined;
  const [, relay, session, source, id] = parts as string[];
  return { relay, session, source, id };
}

/**
 * The key a saved answer's request has on `relay`, from the key an earlier
 * console journaled: that console may have spelled the relay another way
 * (same canonical relay), and one from an older console joined the parts with
 * U+001F. An old key is read exactly when its session, source and id hold no
 * U+001F; when they do, the answer's own command (`hint`: its `session` and
 * `subject`, the request id) says where its parts end. Undefined when the key
 * cannot be read with certainty: then it names no request, and the answer is
 * kept, not sent.
 */
export function requestKeyOnRelay(
  key: string,
  relay: string,
  hint?: { session?: unknown; subject?: unknown },
): RequestKey | undefined {
  const parsed = parseRequestKey(key);
  if (parsed) return requestKey(relay, parsed.session, parsed.source, parsed.id);
  const old = readOldRequestKey(key, hint);
  return old && requestKey(relay, old.session, old.source, old.id);
}

/** `relay␟session␟source␟id`; the relay (a canonical URL) holds no U+001F. */
function readOldRequestKey(
  key: string,
  hint: { session?: unknown; subject?: unknown } | undefined,
): Omit<RequestIdentity, 'relay'> | undefined {
  const cut = key.indexOf(OLD_SEP);
  if (cut < 0) return undefined;
  const rest = key.slice(cut + 1);
  const session = hint?.session;
  const id = hint?.subject;
  if (typeof session === 'string' && typeof id === 'string') {
    const head = session + OLD_SEP;
    const tail = OLD_SEP + id;
    if (rest.length < head.length + tail.length || !rest.startsWith(head) || !rest.endsWith(tail)) return undefined;
    return { session, source: rest.slice(head.length, rest.length - tail.length), id };
  }
  const parts = rest.split(OLD_SEP);
  return parts.length === 3 ? { session: parts[0], source: parts[1], id: parts[2] } : undefined;
}

export function sessionKey(relay: string, session: string): SessionKey {
  return tagged('session', [relay, session]) as SessionKey;
}

export function emitterSessionKey(relay: string, source: string, session: string): EmitterSessionKey {
  return tagged('emitter-session', [relay, source, session]) as EmitterSessionKey;
}

export function runKey(relay: string, source: string, session: string, run: string): RunKey {
  return tagged('run', [relay, source, session, run]) as RunKey;
}

export function commandKey(relay: string, id: string): CommandKey {
  return tagged('command', [relay, id]) as CommandKey;
}

export function subjectKey(relay: string, session: string, subject: string): SubjectKey {
  return tagged('subject', [relay, session, subject]) as SubjectKey;
}

/** A key for a one-off memo of several strings and numbers (what a violation was reported for), as injective as the ones above. */
export function tupleKey(...parts: readonly (string | number)[]): string {
  return JSON.stringify(parts);
}
