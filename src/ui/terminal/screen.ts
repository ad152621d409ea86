// The terminal's two screens. Full-screen programs (htop, k9s, lazygit)
// draw on the alternate screen: what the shell showed is still there when
// they quit or suspend, and no frame of theirs reaches the scrollback.

/** Save the cursor, switch to the alternate screen (cleared), cursor home. */
export const ALT_SCREEN_ON = '\u001b[?1049h\u001b[H';
/** Back to the normal screen, the cursor where it was saved. */
export const ALT_SCREEN_OFF = '\u001b[?1049l';
export const CURSOR_SHOW = '\u001b[?25h';
export const CURSOR_HIDE = '\u001b[?25l';

/**
 * Whether this terminal can take the full-screen console. `dumb` (Emacs'
 * shell buffer, a serial line without a terminal type) moves no cursor:
 * refused. An unset or empty TERM on a terminal is not taken as dumb: it is
 * what a bare `docker exec -t`, `su` or a login without a terminfo entry
 * leaves, on terminals that all speak VT100; Ink assumes as much too.
 */
export function cursorAddressing(env: NodeJS.ProcessEnv): boolean {
  return !/^dumb($|-)/i.test(env.TERM ?? '');
}
