// Ink's ANSI sanitizer, given a fast path (scripts/ink-sanitize-fast-path.mjs).
// Ink passes every joined text through it (SGR and OSC sequences stay, every
// other control sequence goes), and it tokenizes the whole text whenever it
// holds an escape at all. The console draws its frame as one text with its
// styles: a tokenizer pass over every SGR sequence of every row, every
// frame. A text whose only escapes are plain SGR sequences (ESC [ digits,
// ';' or ':' m) and which holds no C1 control character is one the
// tokenizer would split into text and SGR tokens and join back unchanged:
// it is returned at once (test/build/ink-sanitize.test.ts compares the two
// on random texts).

/** An escape that is not a plain SGR sequence, or a C1 control: the text needs the sanitizer. */
export const NOT_PLAIN_SGR = /[\u0080-\u009F]|\u001B(?!\[[0-9:;]*m)/;

/** The sanitizer would return `text` unchanged. */
export function onlyPlainSgr(text: string): boolean {
  return !NOT_PLAIN_SGR.test(text);
}
