import { defaultBindings, type Bindings, type KeySpec, type Scope } from '../key-table.js';
import type { KeyName } from '../keys.js';
import { labelOf } from '../key-labels.js';
import { PLACES, SCOPES } from './registry.js';
import { actionId, scopesOfPlace } from './action-ids.js';

// config.json's `keys`: {"PLACE.ACTION": KEY or [KEY, …]} applied over the
// shipped table. Every problem is an error naming it (exit 2), never a key
// map half applied: an unknown place or action, a key the console cannot
// read from a terminal, two actions on one key in one place, or a key the
// safety rules rest on given to another action.

/** The key names a terminal sends that a binding may use (keys.ts reads them), by their lower-case spellings. */
const NAMED: Record<string, Exclude<KeyName, 'char' | 'paste' | 'none'>> = {
  up: 'up',
  '↑': 'up',
  down: 'down',
  '↓': 'down',
  left: 'left',
  '←': 'left',
  right: 'right',
  '→': 'right',
  home: 'home',
  end: 'end',
  pageup: 'pageUp',
  pgup: 'pageUp',
  pagedown: 'pageDown',
  pgdn: 'pageDown',
  enter: 'enter',
  return: 'enter',
  escape: 'escape',
  esc: 'escape',
  tab: 'tab',
  backtab: 'backTab',
  shifttab: 'backTab',
  backspace: 'backspace',
  delete: 'deleteForward',
  del: 'deleteForward',
  deleteforward: 'deleteForward',
  space: 'space',
  ctrla: 'ctrlA',
  ctrlc: 'ctrlC',
  ctrld: 'ctrlD',
  ctrle: 'ctrlE',
  ctrll: 'ctrlL',
  ctrlt: 'ctrlT',
  ctrlu: 'ctrlU',
  ctrlw: 'ctrlW',
  ctrlz: 'ctrlZ',
};

/**
 * Keys the safety rules rest on (a digit picks an option numbered on
 * screen, Enter sends, Esc backs out, Ctrl-C and Ctrl-Z are the terminal's
 * own): they keep their bindings and cannot be given to another action.
 */
const RESERVED = (spec: KeySpec) => /^[0-9]$/.test(spec) || ['enter', 'escape', 'ctrlC', 'ctrlZ'].includes(spec);

/** A key as config.json may write it: one printable character, or a key's name (`PgDn`, `Ctrl-T`, `Shift-Tab`). */
export function keySpecOf(name: string): KeySpec | undefined {
  if (name === ' ') return 'space';
  if (/^[!-~]$/.test(name)) return name as KeySpec;
  const plain = name
    .toLowerCase()
    .replace(/^(?:c-|\^)/, 'ctrl')
    .replace(/[-_+ ]/g, '');
  return NAMED[plain];
}

const shown = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The places' names, for an error about one that is not. */
function placeNames(): string {
  return [...new Set(SCOPES.map((scope) => PLACES[scope].id))].join(', ');
}

/** The table with `keys` applied, or every problem in words. `keys` is config.json's object as read (values checked here). */
export function keymapFrom(keys: Readonly<Record<string, unknown>>): { bindings: Bindings } | { error: string } {
  const problems: string[] = [];
  const table = structuredClone(defaultBindings()) as Record<Scope, Record<string, readonly KeySpec[]>>;
  for (const [id, value] of Object.entries(keys)) {
    const dot = id.indexOf('.');
    const place = dot > 0 ? id.slice(0, dot) : id;
    const action = dot > 0 ? id.slice(dot + 1) : '';
    const scopes = scopesOfPlace(place);
    if (!scopes.length) {
      problems.push(`${shown(id)}: no place ${shown(place)} (ids are PLACE.ACTION; the places are ${placeNames()})`);
      continue;
    }
    const owners = scopes.filter((scope) => Object.hasOwn(table[scope], action));
    if (!owners.length) {
      const actions = [...new Set(scopes.flatMap((scope) => Object.keys(table[scope])))];
      problems.push(`${shown(id)}: ${place} has no action ${shown(action)} (its actions are ${actions.join(', ')})`);
      continue;
    }
    const names = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
    if (!names || names.length === 0 || !names.every((n): n is string => typeof n === 'string')) {
      problems.push(`${shown(id)}: a key or a list of keys, as strings`);
      continue;
    }
    const specs: KeySpec[] = [];
    for (const name of names) {
      const spec = keySpecOf(name);
      if (spec === undefined)
        problems.push(
          `${shown(id)}: ${shown(name)} is not a key the console reads (one printable character, ` +
            `or ${[...new Set(Object.values(NAMED))].map(labelOf).join(', ')})`,
        );
      else if (!specs.includes(spec)) specs.push(spec);
    }
    for (const scope of owners) {
      const before = table[scope][action];
      if (action === 'pickOption') {
        problems.push(`${shown(id)}: the digits keep their bindings (they pick the option numbered on screen)`);
        break;
      }
      const taken = specs.filter((spec) => RESERVED(spec) && !before.includes(spec));
      if (taken.length) {
        problems.push(
          `${shown(id)}: ${taken.map(labelOf).join(', ')} keep${taken.length === 1 ? 's' : ''} ` +
            `${taken.length === 1 ? 'its binding' : 'their bindings'} and cannot be given to ` +
            `another action`,
        );
        break;
      }
      // A reserved key stays with its action whatever else it is given (q → Q still quits on Ctrl-C).
      table[scope][action] = [...specs, ...before.filter((spec) => RESERVED(spec) && !specs.includes(spec))];
    }
  }
  problems.push(...clashes(table as Bindings));
  return problems.length ? { error: problems.join('; ') } : { bindings: table as Bindings };
}

/**
 * Two actions on one key in one place (the open request's two tables are
 * one place), or on a key taken before any place sees it (Ctrl-L): each
 * said once, naming both actions.
 */
export function clashes(table: Bindings): string[] {
  const found: string[] = [];
  const anywhere = new Map<KeySpec, string>();
  for (const [action, specs] of Object.entries(table.anywhere)) for (const spec of specs) anywhere.set(spec, action);
  for (const id of new Set(SCOPES.map((scope) => PLACES[scope].id))) {
    const owner = new Map<KeySpec, string>();
    for (const scope of scopesOfPlace(id)) {
      for (const [action, specs] of Object.entries(table[scope]) as [string, readonly KeySpec[]][]) {
        const mine = actionId(scope, action);
        for (const spec of specs) {
          const other = owner.get(spec);
          if (other !== undefined && other !== mine)
            found.push(`${labelOf(spec)} is bound to both ${other} and ${mine}: one key, one action in a place`);
          else owner.set(spec, mine);
          const first = id === 'anywhere' ? undefined : anywhere.get(spec);
          if (first !== undefined)
            found.push(
              `${labelOf(spec)} is bound to both anywhere.${first} and ${mine}: one key, one action in a place`,
            );
        }
      }
    }
  }
  return [...new Set(found)];
}
