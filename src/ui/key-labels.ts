// How a key is written (`↑`, `Ctrl-T`, `1-9`) and the first key of an
// action as the footer names it, from the bindings in force (key-table.ts).
// Apart from key-rows.ts, which reaches every key handler: a view that names
// a key (a form's complaint, a notice, a screen-reader sentence, --help)
// reads it here without reaching them, through withKeys.
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

/** How the screen reader says a key where its written label is clipped (`Esc`). */
const SPOKEN: Partial<Record<KeySpec, string>> = { escape: 'Escape' };

/** An action's keys as written (or spoken): `1-9` for a run of digits, else each key's label. */
export function labelsOf(specs: readonly KeySpec[], spoken = false): string[] {
  const digits =
    specs.length > 2 && specs.every((s, i) => /^\d$/.test(s) && (i === 0 || Number(s) === Number(specs[i - 1]) + 1));
  if (digits) return [`${specs[0]}-${specs[specs.length - 1]}`];
  return specs.map((spec) => (spoken ? SPOKEN[spec] : undefined) ?? labelOf(spec));
}

/** The first key of an action, as the footer names it. */
export function firstKey<S extends Scope>(scope: S, action: ActionOf<S>): string {
  return labelsOf(bindingsNow()[scope][action])[0] ?? '';
}

/** An action's keys joined by `/`, a letter left out where its other case is already named (`n/Esc` for n, N and Esc). */
function allKeys(specs: readonly KeySpec[], spoken: boolean): string {
  const shown = specs.filter(
    (spec, i) =>
      !(spec.length === 1 && specs.slice(0, i).some((s) => s !== spec && s.toLowerCase() === spec.toLowerCase())),
  );
  return labelsOf(shown, spoken).join('/');
}

/**
 * `text` with the keys bound now written in: `{action}` is the first key of
 * an action of `scope`, `{place.action}` that of another place's action (the
 * key really pressed there), `{up:2}` its second key (its last if it has
 * fewer), and a trailing `/` (`{back/}`) names all of an action's keys.
 * The one way a product string names a key (a test scans the rest for key
 * names): a rebinding changes every sentence that names it. A brace that
 * names no action is left as it is. Never give it text from outside (a
 * producer's words): only the console's own.
 */
export function withKeys(scope: Scope, text: string, spoken = false): string {
  const now = bindingsNow() as Readonly<Record<string, Readonly<Record<string, readonly KeySpec[]>>>>;
  return text.replace(
    /\{(?:(\w+)\.)?(\w+)(\/|:\d)?\}/g,
    (whole, place: string | undefined, action: string, how = '') => {
      const specs = now[place ?? scope]?.[action];
      if (!specs) return whole;
      if (how === '/') return allKeys(specs, spoken);
      const labels = labelsOf(specs, spoken);
      return labels[Math.min(how ? Number(how.slice(1)) - 1 : 0, labels.length - 1)] ?? '';
    },
  );
}

/** withKeys for the screen reader: a key as said aloud (`Escape`, not `Esc`). */
export function spokenKeys(scope: Scope, text: string): string {
  return withKeys(scope, text, true);
}
