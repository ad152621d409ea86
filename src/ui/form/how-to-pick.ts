// What the form says beside a single select that Enter left unpicked:
// `nothing picked: ↑/↓ and Enter, Space, 1-3 picks`, with the keys in force
// (key-labels.ts, which reaches no key handler: the form's view may read it).
import type { FieldSpec } from '../../protocol/types.js';
import { bindingsNow } from '../key-table.js';
import { firstKey, labelsOf } from '../key-labels.js';
import { fieldChoices } from './choice-digits.js';
import { NOTHING_PICKED } from './draft.js';

/** A field's complaint as shown: NOTHING_PICKED says how to pick; any other as it is. */
export function complaintText(field: FieldSpec, complaint: string): string {
  if (complaint !== NOTHING_PICKED) return complaint;
  const moves = `${firstKey('form', 'up')}/${firstKey('form', 'down')} and ${firstKey('form', 'next')}`;
  // As the footer writes them (key-rows.ts digitRange): `1-3` for a run of digits.
  const specs = bindingsNow().form.pickOption.slice(0, fieldChoices(field));
  const run =
    specs.length > 1 && specs.every((s, i) => /^\d$/.test(s) && (i === 0 || Number(s) === Number(specs[i - 1]) + 1));
  const range = run ? `${specs[0]}-${specs[specs.length - 1]}` : labelsOf(specs).join('/');
  const keys = [moves, firstKey('form', 'toggle'), range].filter(Boolean);
  return `${NOTHING_PICKED}: ${keys.join(', ')} picks`;
}
