// A multi select: Space toggles the highlighted choice, Enter moves on; text
// on `Other…` is one more entry. Values are sent in choice order.
import { displayLine } from '../../../protocol/sanitize.js';
import { isOtherRow, move, patchField } from '../draft.js';
import {
  choiceRows,
  describeChoice,
  digitRow,
  editsOther,
  highlightKey,
  otherTyping,
  pickedLabel,
} from './choice-list.js';
import type { FieldEditor } from './editor.js';
import { glyphs } from '../../glyphs.js';

export const multiSelectEditor: FieldEditor = {
  editsText: editsOther,
  reduce(k) {
    const moved = highlightKey(k);
    if (moved) return moved;
    const { fields, draft, field, fd, action } = k;
    // Digit N toggles choice N (Space's toggle, on that row); on `Other…` it moves there, to type.
    const digit = digitRow(k);
    if (digit === null) return draft;
    if (digit) {
      const picked = field.choices?.[digit.row];
      if (!picked) return digit.moved;
      const toggled = fd.toggled.includes(picked.id)
        ? fd.toggled.filter((id) => id !== picked.id)
        : [...fd.toggled, picked.id];
      return patchField(digit.moved, field, { toggled });
    }
    const choice = field.choices?.[fd.highlight];
    if (action === 'next') return move(draft, fields, 1);
    if (action === 'toggle') {
      if (isOtherRow(field, fd.highlight) || !choice) return draft;
      const toggled = fd.toggled.includes(choice.id)
        ? fd.toggled.filter((id) => id !== choice.id)
        : [...fd.toggled, choice.id];
      return patchField(draft, field, { toggled });
    }
    return otherTyping(k, (text) => ({ text }));
  },
  encode(field, fd) {
    const otherText = fd.text.value;
    const picked = (field.choices ?? []).map((c) => c.id).filter((id) => fd.toggled.includes(id));
    const all = field.other && otherText.trim() ? [...picked, otherText] : picked;
    return all.length ? { value: all } : {};
  },
  liveProblem: () => undefined,
  constraint: (field) => `pick any${field.other ? ', or type your own' : ''}`,
  summary(field, fd, withheld) {
    const choices = field.choices ?? [];
    const picked = choices.filter((c) => fd.toggled.includes(c.id)).map((c) => pickedLabel(field, c.id, withheld));
    if (field.other && fd.text.value.trim()) picked.push(`"${displayLine(fd.text.value, 40)}"`);
    return picked.length ? picked.join(', ') : glyphs().dash;
  },
  rows: choiceRows,
  describeText: describeChoice,
};
