// Part of the ink-caches plugin (it patches the same file, Ink's output.js,
// and esbuild lets one plugin load a file): Ink's Output turns every frame
// into text cell by cell. It allocates a grid of one object per cell, copies
// each write's styled characters into it, then turns every row back into
// text: about a millisecond a frame at 80x24, for rows that did not change
// as much as for those that did. A row's text depends only on the grid's
// width and the writes that land on it (where each starts, and its text
// after Ink's transforms), in order. Here each row's writes are collected
// first; a row written exactly as in an earlier frame takes that frame's
// text (a row written once from column 0, as each of the console's, is
// found by its line, with no key text built for it), and only a new row is
// drawn cell by cell, as Ink draws it, or, for
// a row written once from its start with plain SGR styles (the console's
// rows), run by run to the same text. The texts are kept for the last
// OUTPUT_ROW_CACHE rows drawn (the oldest goes first).
//
// Clipping, the lines Ink drops (a text reaching past the grid's last row
// loses that line and every line after it), wide characters and overlapping
// writes behave as in Ink: test/build/ink-patches.test.ts draws frames with
// both and compares them byte for byte, over several frames (so with rows
// from the cache).

export const OUTPUT_ROW_CACHE = 256;

const GET = '    get() {';
const TOKENIZE_IMPORT = "import { styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';";
const MARKS = ['const clips = [];', 'sliceAnsi(line, from, to)', 'this.caches.getStyledChars(line)', 'styledCharsToString(lineWithoutEmptyItems).trimEnd()'];

const ROW_HELPERS = `
const aepRows = new Map();
/** The rows written once from column 0, by their line: the grid's width and the text drawn. */
const aepLineRows = new Map();
/** Where a write lands once clipped: its origin and lines, or undefined when it is outside the clip. */
function aepPlaced(operation, clip, caches) {
    let { x, y } = operation;
    let lines = operation.text.split('\\n');
    if (!clip) return { x, y, lines };
    const horizontal = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
    const vertical = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
    if (horizontal && (x + caches.getWidestLine(operation.text) < clip.x1 || x > clip.x2)) return undefined;
    if (vertical && (y + lines.length < clip.y1 || y > clip.y2)) return undefined;
    if (horizontal) {
        const start = x;
        lines = lines.map((line) => {
            const width = caches.getStringWidth(line);
            return sliceAnsi(line, start < clip.x1 ? clip.x1 - start : 0, start + width > clip.x2 ? clip.x2 - start : width);
        });
        x = Math.max(x, clip.x1);
    }
    if (vertical) {
        const count = lines.length;
        lines = lines.slice(y < clip.y1 ? clip.y1 - y : 0, y + count > clip.y2 ? clip.y2 - y : count);
        y = Math.max(y, clip.y1);
    }
    return { x, y, lines };
}
/**
 * An escape that is not a plain SGR sequence (or a C1 CSI), or one followed
 * by a character that extends the sequence's last letter into one grapheme
 * (a mark, a joiner, a variation selector, a skin tone: the tokenizer then
 * skips that character with the sequence): the text goes cell by cell.
 */
const aepNotPlainSgr = /\\u009B|\\u001B(?!\\[[0-9;]*m(?![\\p{M}\\p{Cf}\\p{Grapheme_Extend}\\u{1F3FB}-\\u{1F3FF}]))/u;
/** Each SGR sequence's codes, as the tokenizer splits it (a row holds a handful of distinct ones). */
const aepSgrCodes = new Map();
/**
 * A row written once from its start, its escapes plain SGR sequences (the
 * console's rows: its frame is one text): its text is the characters in
 * order, with the styles' changes between them and the styles undone after
 * the last, which is what drawing it cell by cell gives (a style changes only
 * at an escape, and an escape is never inside a grapheme; the blank cells
 * after the text, unstyled, are trimmed off again; a wide character's second
 * cell adds nothing). Built run by run instead of one object per character.
 */
function aepRunsToString(text) {
    let out = '';
    let codes = [];
    let shown;
    let at = 0;
    const sgr = /\\u001B\\[[0-9;]*m/g;
    for (;;) {
        const match = sgr.exec(text);
        const end = match === null ? text.length : match.index;
        if (end > at) {
            if (shown === undefined) out += ansiCodesToString(codes);
            else if (shown !== codes) out += ansiCodesToString(diffAnsiCodes(shown, codes));
            out += text.slice(at, end);
            shown = codes;
        }
        if (match === null) break;
        let tokens = aepSgrCodes.get(match[0]);
        if (tokens === undefined) {
            tokens = tokenize(match[0]);
            if (aepSgrCodes.size >= ${OUTPUT_ROW_CACHE}) aepSgrCodes.delete(aepSgrCodes.keys().next().value);
            aepSgrCodes.set(match[0], tokens);
        }
        for (const token of tokens) if (token.type === 'ansi') codes = reduceAnsiCodesIncremental(codes, [token]);
        at = end + match[0].length;
    }
    if (shown !== undefined && shown.length > 0) out += ansiCodesToString(diffAnsiCodes(shown, []));
    return out;
}
/** One row drawn cell by cell from its writes ([x, text, x, text, ...], in order), as Ink draws it. */
function aepDrawRow(width, writes, caches) {
    if (writes.length === 2 && writes[0] === 0 && !aepNotPlainSgr.test(writes[1])) return aepRunsToString(writes[1]).trimEnd();
    const cells = [];
    for (let x = 0; x < width; x++) cells.push({ type: 'char', value: ' ', fullWidth: false, styles: [] });
    for (let w = 0; w < writes.length; w += 2) {
        let x = writes[w];
        for (const character of caches.getStyledChars(writes[w + 1])) {
            cells[x] = character;
            const cellWidth = Math.max(1, caches.getStringWidth(character.value));
            for (let extra = 1; extra < cellWidth; extra++) cells[x + extra] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
            x += cellWidth;
        }
    }
    return styledCharsToString(cells.filter((cell) => cell !== undefined)).trimEnd();
}
`;

const GET_ROWS = `    get() {
        // One entry per row: null while nothing is written on it, then its writes.
        const rows = Array.from({ length: this.height }, () => null);
        const clips = [];
        for (const operation of this.operations) {
            if (operation.type === 'clip') clips.push(operation.clip);
            else if (operation.type === 'unclip') clips.pop();
            if (operation.type !== 'write') continue;
            const placed = aepPlaced(operation, clips.at(-1), this.caches);
            if (placed === undefined) continue;
            let row = placed.y;
            for (let index = 0; index < placed.lines.length; index++) {
                // Past the grid (or off it): this line and the rest are dropped, as in Ink.
                if (rows[row] === undefined) continue;
                let line = placed.lines[index];
                for (const transformer of operation.transformers) line = transformer(line, index);
                if (rows[row] === null) rows[row] = [];
                rows[row].push(placed.x, line);
                row++;
            }
        }
        const texts = rows.map((writes) => {
            if (writes === null) return '';
            // One write from column 0 (each of the console's rows): its line alone is the key, with no key text built.
            if (writes.length === 2 && writes[0] === 0) {
                const line = writes[1];
                const known = aepLineRows.get(line);
                if (known !== undefined && known.width === this.width) return known.text;
                const text = aepDrawRow(this.width, writes, this.caches);
                if (aepLineRows.size >= ${OUTPUT_ROW_CACHE} && known === undefined) aepLineRows.delete(aepLineRows.keys().next().value);
                aepLineRows.set(known === undefined ? aepOwnCopy(line) : line, { width: this.width, text });
                return text;
            }
            let key = String(this.width);
            for (let w = 0; w < writes.length; w += 2) key += '|' + writes[w] + ':' + writes[w + 1].length + ':' + writes[w + 1];
            let text = aepRows.get(key);
            if (text === undefined) {
                text = aepDrawRow(this.width, writes, this.caches);
                if (aepRows.size >= ${OUTPUT_ROW_CACHE}) aepRows.delete(aepRows.keys().next().value);
                // A copy of its own: the key holds the row's text, a view into the whole frame's.
                aepRows.set(aepOwnCopy(key), text);
            }
            return text;
        });
        return { output: texts.join('\\n'), height: rows.length };
    }
`;

/** Replaces Output#get with the row-cached one (the class's last method). */
export function patchOutputRows(source) {
  const start = source.indexOf(GET);
  const end = source.lastIndexOf('\n}\n');
  const method = start === -1 || end < start ? '' : source.slice(start, end + 1);
  if (!MARKS.every((mark) => method.includes(mark)) || method.indexOf('\n    }\n') !== method.length - '\n    }\n'.length) {
    throw new Error("Ink's output changed: the row cache no longer applies");
  }
  const helpersAt = source.indexOf('export default class Output {');
  // aepOwnCopy comes with the shared caches (ink-caches.mjs patchOutput), patched in first.
  if (!source.includes(TOKENIZE_IMPORT) || !source.includes('function aepOwnCopy(text)')) throw new Error("Ink's output changed: the row cache no longer applies");
  return source.slice(0, helpersAt).replace(TOKENIZE_IMPORT, `import { ansiCodesToString, diffAnsiCodes, reduceAnsiCodesIncremental, styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';`) + ROW_HELPERS + source.slice(helpersAt, start) + GET_ROWS + source.slice(end + 1);
}
