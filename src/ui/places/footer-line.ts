// The footer row: the top place's own footer (its record, registry.ts),
// given the one-shot notice first and the place under a question drawn
// over it.
import type { Line } from '../text/line.js';
import { hintsAfterNotice, type FooterInput } from '../inbox/footer-view.js';
import { PLACES } from './registry.js';
import { mainPlace } from './stack.js';
import { topPlace } from './top.js';

/** The bottom row: what the keys do right now, the filter being typed, or a question (the top place's footer). */
export function footerLine(input: Omit<FooterInput, 'hints' | 'under'>): Line {
  const hints = hintsAfterNotice(input.state, input.width);
  const open = input.lock === undefined ? undefined : { lock: input.lock, form: input.form };
  const full: FooterInput = {
    ...input,
    hints,
    under: () => PLACES[mainPlace(input.state, open)].footer(full),
  };
  return PLACES[topPlace(input.state, open)].footer(full);
}
