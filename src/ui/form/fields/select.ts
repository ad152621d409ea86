// A single select: Space or a digit picks a choice; Enter confirms what was
// picked, or the choice the operator moved the highlight to, and moves on
// (with nothing picked and the highlight never moved it picks nothing and
// says how to pick); typing on `Other…` picks it, and the text is the answer.
import { displayLine } from '../../../protocol/sanitize.js';
import { isOtherRow, move, OTHER, patchField } from '../draft.js';
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
import { NOTHING_PICKED } from '../draft.js';

export const selectEditor: FieldEditor = {
  editsText: editsOther,
  reduce(k) {
    const moved = highlightKey(k);
    if (moved) return moved;
    const { fields, draft, field, fd, action } = k;
    // Digit N picks choice N (Space's pick, on that row); on `Other…` it moves there, to type.
    const digit = digitRow(k);
    if (digit === null) return draft;
    if (digit) {
      const picked = field.choices?.[digit.row];
      return picked ? patchField(digit.moved, field, { picked: picked.id }) : digit.moved;
    }
    const onOther = isOtherRow(field, fd.highlight);
    const choice = field.choices?.[fd.highlight];
    if (action === 'next') {
      if (onOther) return fd.text.value.trim() ? move(patchField(draft, field, { picked: OTHER }), fields, 1) : draft;
      // Enter confirms what the operator picked, or the choice they moved to; never the one the field opened on.
      if (fd.moved && choice) return move(patchField(draft, field, { picked: choice.id }), fields, 1);
      if (fd.picked !== undefined) return move(draft, fields, 1);
      // What the complaint says of the keys is the view's (form/how-to-pick.ts): the keys in force are named there.
      return move({ ...draft, errors: { ...draft.errors, [field.id]: NOTHING_PICKED } }, fields, 1);
    }
    if (action === 'toggle') return onOther || !choice ? draft : patchField(draft, field, { picked: choice.id });
    // Typing on Other… picks it for a single select: what you type is the answer.
    return otherTyping(k, (text) => ({ text, picked: OTHER }));
  },
  encode(_field, fd) {
    if (fd.picked === OTHER) return fd.text.value.trim() ? { value: fd.text.value } : {};
    return fd.picked !== undefined ? { value: fd.picked } : {};
  },
  liveProblem: () => undefined,
  constraint: (field) => `pick one${field.other ? ', or type your own' : ''}`,
  summary(field, fd, withheld) {
    if (fd.picked === OTHER) return `"${displayLine(fd.text.value, 40)}" (other)`;
    return fd.picked !== undefined ? pickedLabel(field, fd.picked, withheld) : glyphs().dash;
  },
  rows: choiceRows,
  describeText: describeChoice,
};
