// What the two select kinds share: their choice list's checks and the set of
// choice ids a value is matched against.
import { isObj, type Obj } from '../obj.js';
import { listed } from './kind.js';

export function choiceIds(field: Obj): Set<string> {
  const ids = new Set<string>();
  if (Array.isArray(field.choices)) {
    for (const c of field.choices) if (isObj(c) && typeof c.id === 'string') ids.add(c.id);
  }
  return ids;
}

/** Whether a well-formed choice before `end` has this id (short lists: a scan beats a set). */
function choiceBefore(choices: unknown[], end: number, id: string): boolean {
  for (let i = 0; i < end; i++) {
    const c = choices[i];
    if (isObj(c) && typeof c.id === 'string' && typeof c.label === 'string' && c.id === id) return true;
  }
  return false;
}

/** A select's choice list: present, not empty, every entry well formed, no id twice. */
export function choiceProblems(field: Obj, out: string[] | undefined): string[] | undefined {
  const choices = field.choices;
  if (!Array.isArray(choices)) return listed(out, 'select without choices');
  if (choices.length === 0) return listed(out, 'select with no choices');
  const seen = choices.length > 16 ? new Set<string>() : undefined;
  let malformed = false;
  let dup = false;
  for (let i = 0; i < choices.length; i++) {
    const c: unknown = choices[i];
    if (!isObj(c) || typeof c.id !== 'string' || typeof c.label !== 'string') malformed = true;
    else if (seen ? seen.has(c.id) : choiceBefore(choices, i, c.id)) dup = true;
    else seen?.add(c.id);
  }
  if (malformed) out = listed(out, 'malformed choice');
  if (dup) out = listed(out, 'duplicate choice id');
  return out;
}

/** Whether a select's value may be the operator's text: anything but choice ids (either select kind, either shape). */
export function choiceFreeText(field: Obj, v: unknown): boolean {
  const ids = choiceIds(field);
  if (typeof v === 'string') return !ids.has(v);
  if (Array.isArray(v)) return v.some((e) => typeof e !== 'string' || !ids.has(e));
  return true;
}
