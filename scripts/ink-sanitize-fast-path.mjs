// Part of the ink-caches plugin: Ink passes every joined text through its
// ANSI sanitizer (sanitize-ansi.js: SGR and OSC sequences stay, every other
// control sequence goes), which tokenizes the whole text whenever it holds
// an escape at all. The console draws its frame as one text with its
// styles: a tokenizer pass over every SGR sequence of every row, every
// frame. Here a text whose only escapes are plain SGR sequences (ESC [
// digits, ';' or ':' m) and which holds no C1 control character is
// returned at once: those are exactly the texts the tokenizer would split
// into text and SGR tokens and join back unchanged. Anything else goes the
// sanitizer's own way (test/build/ink-sanitize.test.ts compares the two on
// random texts).

const SANITIZE = 'const sanitizeAnsi = (text) => {';

/** An escape that is not a plain SGR sequence, or a C1 control: the text needs the sanitizer. */
export const NOT_PLAIN_SGR = String.raw`/[\u0080-\u009F]|\u001B(?!\[[0-9:;]*m)/`;

export function patchSanitize(source) {
  if (!source.includes(SANITIZE) || !source.includes('if (!hasAnsiControlCharacters(text)) {')) throw new Error("Ink's sanitize-ansi changed: the plain-SGR fast path no longer applies");
  return source.replace(SANITIZE, `const aepNotPlainSgr = ${NOT_PLAIN_SGR};\n${SANITIZE}\n    if (!aepNotPlainSgr.test(text)) {\n        return text;\n    }`);
}
