// Envelope validation (AEP-0001 §5, schemas/aep-event.schema.json). The
// envelope is all-or-nothing: an invalid one is rejected naming the rule
// (strings as in fixtures/invalid-cases.json). What passes is kept whole:
// unknown types, unknown extension attributes and unknown payload members are
// tolerated (AEP-0001 §5–§7). Payload problems are only reported as issues.
// `reason` strings may quote producer text: render them via displayText.
import type { AepEvent, ParseResult } from './types.js';
import { isObj, isRfc3339, type Obj } from './guards.js';
import { payloadIssues } from './payload.js';
import { NO_ISSUES } from './limits.js';
import { isUriSource } from './source-uri.js';
import {
  fail,
  quote,
  MAX_ATTRIBUTE_CHARS,
  MAX_EVENT_BYTES,
  RULE_COMMAND,
  RULE_FRAME,
  RULE_SCOPE,
  RULE_CAPTURE,
  RULE_DATA,
  RULE_EXTENSION,
  RULE_SEVERITY,
  RULE_SIZE,
  type Fail,
} from './parse-rules.js';
import { checkType, type Scope } from './event-type.js';

export {
  MAX_ATTRIBUTE_CHARS,
  MAX_EVENT_BYTES,
  RULE_CAPTURE,
  RULE_CLOSED_SET,
  RULE_COMMAND,
  RULE_DATA,
  RULE_EXTENSION,
  RULE_FRAME,
  RULE_SCOPE,
  RULE_SEVERITY,
  RULE_SIZE,
  RULE_TYPE,
} from './parse-rules.js';
export { isAgentScoped, isCommandType, isForeignEmitterType, looksLikeEvent } from './event-type.js';

export { hostFromSource, isUriSource } from './source-uri.js';

export { readRequestPayload, readAnswerPayload, payloadIssues } from './payload.js';
export { severityRank, captureRank, isRfc3339 } from './guards.js';

// AEP-0001 §5.1 numbers the sixteen context attributes in this order
// (aep is #1, seq #11, traceparent #14 in the conformance corpus).
const ATTRS = [
  'aep',
  'id',
  'type',
  'subject',
  'time',
  'source',
  'agent',
  'session',
  'run',
  'step',
  'seq',
  'epoch',
  'cause',
  'traceparent',
  'severity',
  'capture',
] as const;
const NOT_AGENT_SCOPED = ['session', 'run', 'step', 'seq'] as const;
const attrRule = (name: (typeof ATTRS)[number]): string => `AEP-0001 §5.1 #${ATTRS.indexOf(name) + 1}`;

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const EXTENSION_NAME = /^[a-z0-9]{1,20}$/;

/** The source the last valid Event carried (checkAttributes). */
let lastValidSource = '';
/** The time the last Event with a valid time carried (checkAttributes). */
let lastValidTime = '';

const SEVERITY_NAMES = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical']);
const CAPTURE_NAMES = new Set(['none', 'metadata', 'redacted', 'full']);

// Members read by name, not through a list of names: a fleet's Events share
// a shape, so each read is one cached load instead of a dictionary lookup per
// name (this runs for every Event, at intake speed).
function requiredFail(e: Obj): Fail | null {
  if (!isText(e.aep)) return fail(attrRule('aep'), 'aep is required (non-empty string)');
  if (!isText(e.id)) return fail(attrRule('id'), 'id is required (non-empty string)');
  if (!isText(e.type)) return fail(attrRule('type'), 'type is required (non-empty string)');
  if (!isText(e.time)) return fail(attrRule('time'), 'time is required (non-empty string)');
  if (!isText(e.source)) return fail(attrRule('source'), 'source is required (non-empty string)');
  if (!isText(e.agent)) return fail(attrRule('agent'), 'agent is required (non-empty string)');
  return null;
}

const isText = (v: unknown): boolean => typeof v === 'string' && v !== '';
const badOptionalText = (v: unknown): boolean => v !== undefined && (typeof v !== 'string' || v === '');
const badCounter = (v: unknown): boolean =>
  v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= 0);

/** What is wrong with the attributes, or (all valid) the type's scope. */
function checkAttributes(e: Obj): Fail | Scope {
  const required = requiredFail(e);
  if (required) return required;
  if (e.aep !== '0.1') return fail(attrRule('aep'), `unsupported AEP version ${quote(e.aep)}`);
  const checked = checkType(e.type as string);
  const typeVerdict = checked.verdict;
  if (typeof typeVerdict !== 'string') return typeVerdict;
  e.type = checked.type;
  // A burst's Events often share their time (an answer and its resolution): one equal to the last
  // valid one needs no second scan, and takes that copy (a record keeps the times of its Events).
  if (e.time === lastValidTime) e.time = lastValidTime;
  else if (!isRfc3339(e.time)) return fail(attrRule('time'), 'time is not an RFC 3339 date-time');
  else lastValidTime = e.time as string;
  // An emitter's Events come in runs: a source equal to the last one that passed needs no second scan.
  if (e.source !== lastValidSource) {
    if (!isUriSource(e.source as string)) return fail(attrRule('source'), 'source is not an absolute URI');
    lastValidSource = e.source as string;
  }
  if (badOptionalText(e.subject)) return fail(attrRule('subject'), 'subject must be a non-empty string');
  if (badOptionalText(e.session)) return fail(attrRule('session'), 'session must be a non-empty string');
  if (badOptionalText(e.run)) return fail(attrRule('run'), 'run must be a non-empty string');
  if (badOptionalText(e.step)) return fail(attrRule('step'), 'step must be a non-empty string');
  if (badOptionalText(e.cause)) return fail(attrRule('cause'), 'cause must be a non-empty string');
  if (badCounter(e.seq)) return fail(attrRule('seq'), 'seq must be a non-negative integer');
  if (badCounter(e.epoch)) return fail(attrRule('epoch'), 'epoch must be a non-negative integer');
  const traceparent = e.traceparent;
  if (traceparent !== undefined && !(typeof traceparent === 'string' && TRACEPARENT.test(traceparent))) {
    return fail(attrRule('traceparent'), 'traceparent is not a W3C traceparent');
  }
  if (e.severity !== undefined && !SEVERITY_NAMES.has(e.severity as string)) {
    return fail(RULE_SEVERITY, `unknown severity ${quote(e.severity)}`);
  }
  if (e.capture !== undefined && !CAPTURE_NAMES.has(e.capture as string)) {
    return fail(RULE_CAPTURE, `unknown capture level ${quote(e.capture)}`);
  }
  if (e.data !== undefined && !isObj(e.data)) return fail(RULE_DATA, 'data must be an object');
  return checkMembers(e) ?? typeVerdict;
}

/**
 * One pass over the members: extension rules first (any breach wins), then
 * length. Core attributes are kept per event (dedupe, positions, held
 * events): too long, the Event is refused. An extension the console never
 * uses is tolerated (AEP-0001 §5.4) but not kept.
 */
function checkMembers(e: Obj): Fail | null {
  let tooLong: Fail | null = null;
  let dropped: string[] | undefined;
  // for…in, not Object.keys: no array per Event (a JSON object has no inherited enumerable members).
  for (const key in e) {
    const v = e[key];
    const known = isKnownMember(key);
    if (!known) {
      if (!Object.prototype.hasOwnProperty.call(e, key)) continue;
      if (!EXTENSION_NAME.test(key))
        return fail(RULE_EXTENSION, `extension attribute name ${quote(key)} is not [a-z0-9]{1,20}`);
      if (!(typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v)))) {
        return fail(RULE_EXTENSION, `extension attribute ${quote(key)} must be a string, integer or boolean`);
      }
    }
    if (tooLong || typeof v !== 'string' || v.length <= MAX_ATTRIBUTE_CHARS) continue;
    if (known) tooLong = fail(RULE_SIZE, `${key} is longer than ${MAX_ATTRIBUTE_CHARS} characters`);
    else (dropped ??= []).push(key);
  }
  if (tooLong) return tooLong;
  if (dropped) for (const key of dropped) delete e[key];
  return null;
}

/** The sixteen attributes and `data` (a switch of literals: member names are interned, so each case is one comparison). */
function isKnownMember(key: string): boolean {
  switch (key) {
    case 'aep':
    case 'id':
    case 'type':
    case 'subject':
    case 'time':
    case 'source':
    case 'agent':
    case 'session':
    case 'run':
    case 'step':
    case 'seq':
    case 'epoch':
    case 'cause':
    case 'traceparent':
    case 'severity':
    case 'capture':
    case 'data':
      return true;
    default:
      return false;
  }
}

function checkScope(e: Obj, scope: Scope): Fail | null {
  const type = e.type as string;
  if (scope === 'agent') {
    for (const name of NOT_AGENT_SCOPED) {
      if (e[name] !== undefined) return fail(RULE_SCOPE, `agent-scoped event must not carry ${name}`);
    }
    return null;
  }
  if (scope === 'command' || scope === 'foreign') {
    const rule = scope === 'command' ? RULE_COMMAND : RULE_SCOPE;
    if (e.session === undefined) return fail(rule, `${type} requires session`);
    if (e.seq !== undefined) return fail(rule, `${type} is a foreign-emitter event and must not carry seq`);
    return null;
  }
  if (e.session === undefined) return fail(RULE_SCOPE, 'session-scoped event requires session');
  if (e.seq === undefined) return fail(RULE_SCOPE, 'session-scoped event requires seq');
  return null;
}

function toJsonText(raw: unknown): string | Fail {
  if (typeof raw === 'string') {
    if (raw.length > MAX_EVENT_BYTES) return fail(RULE_SIZE, `event larger than ${MAX_EVENT_BYTES} bytes`);
    return raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  }
  if (raw instanceof Uint8Array || raw instanceof ArrayBuffer) {
    const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw;
    if (bytes.byteLength > MAX_EVENT_BYTES) return fail(RULE_SIZE, `event larger than ${MAX_EVENT_BYTES} bytes`);
    // Invalid UTF-8 becomes U+FFFD rather than an exception; BOM is dropped.
    return new TextDecoder('utf-8').decode(bytes);
  }
  // An already-parsed value is round-tripped through JSON: that measures its
  // size, refuses cycles, and leaves a plain copy with no getters, proxies or
  // prototypes for the rest of the console to hold on to.
  const text = JSON.stringify(raw);
  if (typeof text !== 'string') return fail(RULE_FRAME, 'value is not JSON');
  if (text.length > MAX_EVENT_BYTES) return fail(RULE_SIZE, `event larger than ${MAX_EVENT_BYTES} bytes`);
  return text;
}

/**
 * Validates a value JSON.parse has just made from `size` characters of text
 * (so: plain data, no getters, no cycles), without parsing it again; the
 * relay socket has already parsed each frame to route it. Never throws.
 */
export function parseParsedEvent(value: unknown, size: number, options: { payloadIssues?: boolean } = {}): ParseResult {
  try {
    if (size > MAX_EVENT_BYTES) return { ok: false, ...fail(RULE_SIZE, `event larger than ${MAX_EVENT_BYTES} bytes`) };
    if (!isObj(value)) return { ok: false, rule: RULE_FRAME, reason: 'not a JSON object' };
    const verdict = checkAttributes(value);
    const bad = typeof verdict === 'string' ? checkScope(value, verdict) : verdict;
    if (bad) return { ok: false, ...bad };
    const event = value as AepEvent;
    return { ok: true, event, issues: options.payloadIssues === false ? NO_ISSUES : payloadIssues(event) };
  } catch (err) {
    return {
      ok: false,
      rule: RULE_FRAME,
      reason: err instanceof RangeError ? 'value too deeply nested' : 'value could not be read',
    };
  }
}

/**
 * Validate one Event: JSON text (string / Buffer / Uint8Array) or an
 * already-parsed value. Never throws. On success the event is a fresh plain
 * object holding every attribute of the input.
 */
export function parseEvent(
  raw: unknown,
  /**
   * `payloadIssues: false` skips reading the payload for its issues (the
   * result has none): the store reads the payload itself, so the relay
   * client's intake would do it twice.
   */
  options: { payloadIssues?: boolean } = {},
): ParseResult {
  try {
    const text = toJsonText(raw);
    if (typeof text !== 'string') return { ok: false, ...text };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, rule: RULE_FRAME, reason: 'not valid JSON' };
    }
    return parseParsedEvent(value, text.length, options);
  } catch (err) {
    // Deep nesting can exhaust the stack in JSON.stringify; anything else
    // unexpected is still an input problem, not a crash.
    return {
      ok: false,
      rule: RULE_FRAME,
      reason: err instanceof RangeError ? 'value too deeply nested' : 'value could not be read',
    };
  }
}
