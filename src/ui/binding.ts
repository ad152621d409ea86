import { actionFor, keyNumber, type ActionOf, type KeySpec, type Scope } from './key-table.js';
import type { KeyPress } from './keys.js';

// A key binding as one object (lazygit's controllers): the actions whose
// keys press it (key-table.ts binds the keys), what it does, why it does
// nothing now, and the words the `?` help, the footer, the screen reader and
// docs/keys.md say of it (key-rows.ts reads them). A scope's bindings are
// one list, in the order help shows them; the handler that runs for a press
// is the binding that owns the press's action, so no handler compares a key.

export interface Binding<S extends Scope, C, R> {
  /** The actions it owns (their keys are key-table.ts's). */
  on: readonly ActionOf<S>[];
  /** What it does, for help, the screen reader and docs/keys.md. */
  does: string;
  /** The footer's few words: `{action}` stands for that action's first key. */
  hint?: string;
  /** Why it does nothing now (the scope says so its own way, `refuse`); undefined: it acts. */
  disabled?: (c: C) => string | undefined;
  run: (c: C, action: ActionOf<S>) => R;
}

/** Words for what no action owns (typing, a paste, any other key): help and docs say them; the scope's fallback does them. */
export interface KeyWords {
  keys: string;
  does: string;
  hint?: string;
}

/** The bindings of one scope, and how it says that a binding does nothing now. */
export interface Controller<S extends Scope, C, R> {
  scope: S;
  /** Each action's keys as shipped (key-table.ts puts in force these, or config.json's over them). */
  keys: Record<ActionOf<S>, readonly KeySpec[]>;
  bindings: readonly (Binding<S, C, R> | KeyWords)[];
  refuse: (c: C, why: string) => R;
}

/** The words of a scope's bindings, in order, as the key rows take them. */
export interface BindingWords<S extends Scope> {
  scope: S;
  actions?: readonly ActionOf<S>[];
  keys?: string;
  does: string;
  hint?: string;
}

export function isBinding<S extends Scope, C, R>(entry: Binding<S, C, R> | KeyWords): entry is Binding<S, C, R> {
  return 'on' in entry;
}

/** The binding a press is in this scope, if any (a paste is never one). */
export function bindingOf<S extends Scope, C, R>(
  controller: Controller<S, C, R>,
  press: KeyPress,
): { binding: Binding<S, C, R>; action: ActionOf<S> } | undefined {
  const action = actionFor(controller.scope, press);
  if (action === undefined) return undefined;
  for (const entry of controller.bindings)
    if (isBinding(entry) && entry.on.includes(action)) return { binding: entry, action };
  return undefined;
}

/** Runs the binding a press is: its handler, or the scope's refusal when it is disabled now. Undefined: no binding owns it. */
export function runBinding<S extends Scope, C, R>(
  controller: Controller<S, C, R>,
  press: KeyPress,
  c: C,
): R | undefined {
  const hit = bindingOf(controller, press);
  if (!hit) return undefined;
  const why = hit.binding.disabled?.(c);
  return why === undefined ? hit.binding.run(c, hit.action) : controller.refuse(c, why);
}

/** A scope's words, for the key rows (help, footer, screen reader, docs/keys.md). */
export function wordsOf<S extends Scope, C, R>(controller: Controller<S, C, R>): BindingWords<S>[] {
  return controller.bindings.map((entry) =>
    isBinding(entry)
      ? { scope: controller.scope, actions: entry.on, does: entry.does, ...(entry.hint ? { hint: entry.hint } : {}) }
      : { scope: controller.scope, keys: entry.keys, does: entry.does, ...(entry.hint ? { hint: entry.hint } : {}) },
  );
}

/** The row a question of numbered rows moves to: one up, one down, or the row its digit names (counted from 1). */
export function pickedRow(scope: Scope, action: string, current: number, press: KeyPress): number {
  if (action === 'up') return current - 1;
  if (action === 'down') return current + 1;
  return (keyNumber(scope, press) ?? current + 1) - 1;
}
