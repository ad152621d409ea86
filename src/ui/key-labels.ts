// How a key is written (`↑`, `Ctrl-T`, `1-9`) and the first key of an
// action as the footer names it, from the bindings in force (key-table.ts).
// Apart from key-rows.ts, which reaches every key handler: a view that names
// a key (a form's complaint) reads it here without reaching them.
import { bindingsNow, type ActionOf, type KeySpec, type Scope } from './key-table.js';
import { glyphs, type Glyphs } from './glyphs.js';

const LABELS: Partial<Record<KeySpec, string>> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  home: 'Home',
  end: 'End',
  pageUp: 'PgUp',
  pageDown: 'PgDn',
  enter: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  backTab: 'Shift-Tab',
  backspace: 'Backspace',
  deleteForward: 'Delete',
  space: 'Space',
  ctrlA: 'Ctrl-A',
  ctrlC: 'Ctrl-C',
  ctrlD: 'Ctrl-D',
  ctrlE: 'Ctrl-E',
  ctrlL: 'Ctrl-L',
  ctrlT: 'Ctrl-T',
  ctrlU: 'Ctrl-U',
  ctrlW: 'Ctrl-W',
  ctrlZ: 'Ctrl-Z',
};

/** The arrow keys, drawn with the glyph set in force (the README's table: UTF-8). */
const ARROWS: Partial<Record<KeySpec, keyof Glyphs>> = { up: 'up', down: 'down', left: 'left', right: 'right' };

export function labelOf(spec: KeySpec): string {
  const arrow = ARROWS[spec];
  return arrow ? (glyphs()[arrow] as string) : (LABELS[spec] ?? spec);
}

/** An action's keys as written: `1-9` for a run of digits, else each key's label. */
export function labelsOf(specs: readonly KeySpec[]): string[] {
  const digits =
    specs.length > 2 && specs.every((s, i) => /^\d$/.test(s) && (i === 0 || Number(s) === Number(specs[i - 1]) + 1));
  return digits ? [`${specs[0]}-${specs[specs.length - 1]}`] : specs.map(labelOf);
}

/** The first key of an action, as the footer names it. */
export function firstKey<S extends Scope>(scope: S, action: ActionOf<S>): string {
  return labelsOf(bindingsNow()[scope][action])[0] ?? '';
}
