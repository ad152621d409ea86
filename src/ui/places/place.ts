import type { ActionOf, KeySpec, Scope } from '../key-table.js';
import type { BindingWords } from '../binding.js';
import type { KeyPress } from '../keys.js';
import type { Line } from '../text/line.js';
import type { InboxState, KeyContext, KeyResult, Modal } from '../inbox/state.js';
import type { FooterInput } from '../inbox/footer-view.js';

// What one place is (lazygit's context, Bubble Tea's model with its
// key.Bindings): one record each in registry.ts.

/** The names of places in action ids (`PLACE.ACTION`), as the contract and config.json write them. */
export type PlaceId =
  | 'list'
  | 'request'
  | 'form'
  | 'batch'
  | 'batchConfirm'
  | 'filter'
  | 'control'
  | 'reason'
  | 'quit'
  | 'hide'
  | 'auto'
  | 'always'
  | 'ruleEnd'
  | 'rules'
  | 'ruleDelete'
  | 'timeline'
  | 'history'
  | 'decision'
  | 'help'
  | 'edit'
  | 'anywhere';

export interface Place<S extends Scope = Scope> {
  id: PlaceId;
  /**
   * main: a screen of its own (the list, an open request, the history);
   * overlay: drawn over one (help); question: asked over one, taking every
   * key until answered; part: keys that work inside the others (a text row,
   * anywhere).
   */
  kind: 'main' | 'overlay' | 'question' | 'part';
  titles: {
    /** The `?` overlay's heading over this place's keys. */
    help: () => string;
    /** How the screen reader begins a key's sentence: "In the list, j or Down: …". */
    spoken: string;
    /** docs/keys.md's "where" column. */
    table: string;
  };
  /** Its actions' keys as shipped (its controller's, in its own file). */
  keys: () => Record<ActionOf<S>, readonly KeySpec[]>;
  /** Its bindings' words in help order (binding.ts). */
  words: () => readonly BindingWords<S>[];
  /** What a key does here, while this place is on top (a part's keys are taken inside the others). */
  key?: (state: InboxState, press: KeyPress, ctx: KeyContext) => KeyResult;
  /** Whether a printable key is text here now (absent: never). */
  takesText?: (state: InboxState, ctx: KeyContext) => boolean;
  /** The footer row while this place is on top. */
  footer: (input: FooterInput) => Line;
  /** The questions (modals) this place is, when one is on the stack. */
  asks?: (modal: Modal) => boolean;
  /** A question that takes keys only over this main place (`a`'s, over the open request). */
  onlyOver?: InboxState['mode'];
  /** A question asked before something is sent: --read-only refuses it as it is asked (read-only.ts). */
  asksBeforeSend?: true;
  /** Asked over the place under it, which stays drawn (`d`, `A`, `a`); other questions and help take the footer or the body. */
  over?: true;
}

/** Words for keys that belong to no place's handler: app.tsx redraws, update.ts drops. */
export const ANYWHERE_WORDS: readonly BindingWords<'anywhere'>[] = [
  {
    scope: 'anywhere',
    actions: ['redraw'],
    does: 'redraw the whole screen (whatever else wrote to the terminal is gone)',
  },
  {
    scope: 'anywhere',
    keys: 'keys after a send',
    does:
      'keys that arrive in the same read as the key that sent ({answer.send}, or ' +
      '{quitPrompt.confirm} at a question) are dropped, and the footer counts them',
  },
];
