// What the answer's words (store/answer/) leave to the UI: the keys
// bound now, the marks of the glyph set in force and how a duration is written.
import type { Say } from '../../store/answer/index.js';
import { glyphs, type Glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';
import { formatMs } from './duration.js';

/** The words' port; with `g`, the list row's marks (`+` and `x` where the row is drawn in ASCII). */
export function say(g?: Glyphs): Say {
  const now = glyphs();
  return {
    keys: (template) => withKeys('locked', template),
    yes: g && !g.utf8 ? '+' : now.yes,
    no: g && !g.utf8 ? 'x' : now.no,
    gone: now.gone,
    ellipsis: now.ellipsis,
    dash: now.dash,
    ms: formatMs,
  };
}
