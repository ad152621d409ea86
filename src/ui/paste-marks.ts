// Whether a run of typed keys may be guessed to be a paste. A terminal never says whether it honoured
// `ESC[?2004h`, so TERM decides: where it names a terminal known to mark
// pastes, a paste is only what arrives between the marks, and an Enter that
// arrives with the next key in one read (a busy loop, a slow link, a fast
// typist) is an Enter. Elsewhere the old guess stands (a newline followed by
// more text in one read, on a text row, is pasted text), until a marked
// paste shows that this terminal marks them after all.

/**
 * TERM values of the terminals known to mark pastes: xterm and its kin
 * (xterm-256color, xterm-kitty, xterm-ghostty, …), tmux, screen, kitty,
 * alacritty, wezterm, foot and VTE's. The README lists the same names.
 */
export const PASTE_MARKING_TERMS = ['xterm', 'tmux', 'screen', 'kitty', 'alacritty', 'wezterm', 'foot', 'vte'] as const;

const MARKING = new RegExp(`^(${PASTE_MARKING_TERMS.join('|')})($|[-.])`, 'i');

/** Whether TERM names a terminal known to mark pastes (`xterm`, `tmux-256color`, `foot-extra`; not `dumb`, `linux` or unset). */
export function termMarksPastes(term: string | undefined): boolean {
  return term !== undefined && MARKING.test(term);
}
