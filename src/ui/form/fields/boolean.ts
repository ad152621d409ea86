// A boolean field: Space toggles, y/n set, Backspace unsets an optional one
// (unset is left out of the answer, never sent as false).
import { seg } from '../../text/line.js';
import { move, patchField } from '../draft.js';
import { focusRow } from '../rows.js';
import type { FieldEditor } from './editor.js';
import { glyphs } from '../../glyphs.js';
import { withKeys } from '../../key-labels.js';

export const booleanEditor: FieldEditor = {
  editsText: () => false,
  reduce({ fields, draft, field, fd, action }) {
    switch (action) {
      case 'next':
      case 'down':
        return move(draft, fields, 1);
      case 'up':
        return move(draft, fields, -1);
      case 'toggle':
        return patchField(draft, field, { bool: !(fd.bool ?? false) });
      case 'setYes':
        return patchField(draft, field, { bool: true });
      case 'setNo':
        return patchField(draft, field, { bool: false });
      case 'unset':
        // An optional boolean goes back to "unset" (omitted, not false).
        return field.required ? draft : patchField(draft, field, { bool: undefined });
      default:
        return draft;
    }
  },
  encode: (_field, fd) => (fd.bool !== undefined ? { value: fd.bool } : {}),
  liveProblem: () => undefined,
  constraint: (field) => (field.required ? 'yes or no' : 'yes / no / unset'),
  summary: (_field, fd) => (fd.bool === undefined ? 'unset (left out)' : fd.bool ? 'yes' : 'no'),
  rows: (field, fd) => [
    focusRow([
      seg('    '),
      seg(fd.bool === true ? '[x] yes' : fd.bool === false ? '[ ] no' : '[ ] unset: left out of the answer', {
        inverse: true,
      }),
      seg(
        withKeys(
          'form',
          `  {toggle} toggles ${glyphs().dot} {setYes}/{setNo} set` +
            (field.required ? '' : ` ${glyphs().dot} {unset} unsets`),
        ),
        {
          dim: true,
        },
      ),
    ]),
  ],
};
