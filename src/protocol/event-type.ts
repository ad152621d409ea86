// An Event's type (AEP-0001 §6): whether it is well formed, its category
// known, and how it is scoped (AEP-0001 §5.2: which of session and seq it
// carries); each distinct type is checked once and interned (parse.ts).

import { isObj } from './guards.js';
import { fail, quote, MAX_ATTRIBUTE_CHARS, RULE_CLOSED_SET, RULE_TYPE, type Fail } from './parse-rules.js';

const CORE_TYPE =
  /^(agent|session|run|progress|tool|delegation|attention|resource|error|state|assessment|message|control)(\.[a-z0-9_]+)+$/;
const VENDOR_TYPE = /^x\.[a-z0-9_-]+\.[a-z0-9_]+(\.[a-z0-9_]+)+$/;
const DOTTED = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;
const COMMAND_TYPE =
  /^(control\.attention\.respond|control\.cancel|control\.pause|control\.resume|x\.[a-z0-9_-]+\.control\..+)$/;

/** Commands (AEP-0004 §2.2): foreign-emitter events with session and no seq. */
export function isCommandType(type: unknown): boolean {
  return typeof type === 'string' && COMMAND_TYPE.test(type);
}

/** `agent.*` events carry neither session nor seq (AEP-0001 §5.2). */
export function isAgentScoped(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('agent.');
}

/** Commands plus consumer-emitted attention.routed: session, never seq. */
export function isForeignEmitterType(type: unknown): boolean {
  return isCommandType(type) || type === 'attention.routed';
}

/** An object whose `type` contains a dot is an Event; without one, a frame (AEP-0003 §2). */
export function looksLikeEvent(v: unknown): boolean {
  return isObj(v) && typeof v.type === 'string' && v.type.includes('.');
}

/**
 * A fleet sends a handful of types and emitter sources over and over: each
 * distinct one is checked against its pattern once, then looked up (the
 * answers are remembered for up to this many of each, then forgotten).
 */
const CHECKED_CAP = 1024;
/** How a type is scoped (AEP-0001 §5.2): decides which of session and seq it must carry. */
export type Scope = 'agent' | 'command' | 'foreign' | 'session';
/** A valid type's scope, or why the type is invalid. */
type TypeVerdict = Scope | Fail;
/** A type as checked: its verdict, and the one copy of it every Event of that type is given (see checkType). */
interface CheckedType {
  verdict: TypeVerdict;
  type: string;
}
const checkedTypes = new Map<string, CheckedType>();

/**
 * The type's verdict, and the copy of its name the Event then carries. JSON.parse
 * interns only short strings; a type is longer, so each Event's is a fresh
 * copy, and every comparison and lookup by type after this one (the store
 * makes several per Event) would compare it character by character. The copy
 * kept here is interned (a property name is), so those compare by reference.
 */
export function checkType(type: string): CheckedType {
  let checked = checkedTypes.get(type);
  if (checked === undefined) {
    const verdict = checkTypePattern(type) ?? scopeOf(type);
    // One longer than an attribute may be is refused (checkMembers): never remembered, nor interned.
    if (type.length > MAX_ATTRIBUTE_CHARS) return { verdict, type };
    checked = { verdict, type: typeof verdict === 'string' ? interned(type) : type };
    if (checkedTypes.size >= CHECKED_CAP) checkedTypes.clear();
    checkedTypes.set(type, checked);
  }
  return checked;
}

/** `s`, interned: V8 interns every property name (a type, which holds a dot, is never an array index). */
function interned(s: string): string {
  for (const key in { [s]: 0 }) return key;
  return s;
}

function scopeOf(type: string): Scope {
  if (isAgentScoped(type)) return 'agent';
  if (isCommandType(type)) return 'command';
  return type === 'attention.routed' ? 'foreign' : 'session';
}

function checkTypePattern(type: string): Fail | null {
  if (type.startsWith('x.')) {
    return VENDOR_TYPE.test(type)
      ? null
      : fail(RULE_TYPE, `vendor type ${quote(type)} is not x.{vendor}.{category}.{rest}`);
  }
  if (CORE_TYPE.test(type)) return null;
  if (DOTTED.test(type)) return fail(RULE_CLOSED_SET, `unknown category in type ${quote(type)}`);
  return fail(RULE_TYPE, `type ${quote(type)} is not {category}.{rest} in lowercase`);
}
