// What the protocol knows about one kind of form field (AEP-0006): how its
// field_spec is checked, whether a value answers it, and whether a value may
// be the operator's own text (capture gating). One module per kind, listed in
// index.ts; the form code (form.ts, payload.ts) only iterates that list.
import type { Obj } from '../obj.js';

export interface FieldKind<N extends string = string, W extends string = string> {
  /** The registry's name for the kind (the UI keys its editors by it). */
  readonly name: N;
  /** The field_spec `type` on the wire; select and multi-select share 'select'. */
  readonly wireType: W;
  /** Whether a field whose `type` is `wireType` is this kind (a select is multi only with `multi: true`). */
  claims(field: Obj): boolean;
  /** Whether a field read off the wire gets `choices: []` when it brought none. */
  readonly hasChoices: boolean;
  /**
   * The problems of a field_spec particular to this kind, appended to `out`
   * (made only when there is a problem: read for every field of every request).
   */
  specProblems(field: Obj, out: string[] | undefined): string[] | undefined;
  /** Why a present value does not answer the field the way the emitter will check it, or null. */
  valueProblem(field: Obj, value: unknown): string | null;
  /** Whether a value that is neither boolean nor number may carry the operator's text (needs capture `redacted`). */
  isFreeText(field: Obj, value: unknown): boolean;
}

/** Keeps the name and wire type literal, so the registry can derive FieldType from its list. */
export function defineKind<N extends string, W extends string>(kind: FieldKind<N, W>): FieldKind<N, W> {
  return kind;
}

export function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** A list made only when there is something to put in it. */
export function listed(list: string[] | undefined, reason: string): string[] {
  if (!list) return [reason];
  list.push(reason);
  return list;
}

/** No problems of its own. */
export function noSpecProblems(_field: Obj, out: string[] | undefined): string[] | undefined {
  return out;
}
