// A minimal terminal screen for tests: enough of VT100/xterm to replay what
// Ink and the frame writer send (text, LF with the tty's CR, CR, cursor
// up/next line/forward, column, erase line/below, insert/delete line) and
// read the screen back: the text, and each cell's SGR attributes. Wide
// characters take two cells, as in xterm: writing over either half blanks
// the other, and one that does not fit on the row wraps first. Erased
// cells take the current background (xterm's back-colour erase).
// Written from the behaviour, independently of src/ui/terminal, so it can
// check it.
import measure from 'string-width';

interface Cell {
  ch: string;
  /** 2 for the head of a wide character, 0 for its second half. */
  width: 0 | 1 | 2;
  attrs: string;
}

interface Attrs {
  on: Set<string>;
  fg: string;
  bg: string;
}

const ATTR_ON: Record<number, string> = {
  1: 'bold',
  2: 'dim',
  3: 'italic',
  4: 'underline',
  5: 'blink',
  7: 'inverse',
  8: 'hidden',
  9: 'strike',
  53: 'overline',
};
const ATTR_OFF: Record<number, string[]> = {
  22: ['bold', 'dim'],
  23: ['italic'],
  24: ['underline'],
  25: ['blink'],
  27: ['inverse'],
  28: ['hidden'],
  29: ['strike'],
  55: ['overline'],
};

function applySgr(state: Attrs, params: string): void {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((p) => Number(p || 0));
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (c === 0) {
      state.on.clear();
      state.fg = state.bg = '';
    } else if (ATTR_ON[c]) state.on.add(ATTR_ON[c]);
    else if (ATTR_OFF[c]) for (const a of ATTR_OFF[c]) state.on.delete(a);
    else if ((c >= 30 && c <= 37) || (c >= 90 && c <= 97)) state.fg = `c${c}`;
    else if ((c >= 40 && c <= 47) || (c >= 100 && c <= 107)) state.bg = `c${c}`;
    else if (c === 39) state.fg = '';
    else if (c === 49) state.bg = '';
    else if (c === 38 || c === 48) {
      const n = codes[i + 1] === 5 ? 2 : 4;
      const color = codes.slice(i + 1, i + 1 + n).join('.');
      if (c === 38) state.fg = color;
      else state.bg = color;
      i += n;
    } else throw new Error(`unsupported SGR ${c}`);
  }
}

const describe = (a: Attrs) =>
  [...[...a.on].sort(), a.fg && `fg=${a.fg}`, a.bg && `bg=${a.bg}`].filter(Boolean).join(',');

export class Screen {
  private cells: Cell[][];
  row = 0;
  private pendingWrap = false;
  col = 0;
  private attrs: Attrs = { on: new Set(), fg: '', bg: '' };
  /** Rows that scrolled off the top, oldest first. */
  readonly scrolledOff: string[] = [];
  /** The window titles written (OSC 2), and the title stack's saves and restores (CSI 22/23 t), in order. */
  readonly titles: string[] = [];
  readonly titleStack: ('save' | 'restore')[] = [];

  constructor(
    readonly columns: number,
    readonly rows: number,
    /** Skip what it does not know (OSC strings, other escapes, controls, SGR codes) instead of throwing: for a real program's output. */
    private readonly lenient = false,
  ) {
    this.cells = Array.from({ length: rows }, () => this.blank());
  }

  private erased(): Cell {
    return { ch: ' ', width: 1, attrs: this.attrs.bg ? `bg=${this.attrs.bg}` : '' };
  }

  private blank(): Cell[] {
    return Array.from({ length: this.columns }, () => this.erased());
  }

  private lineFeed(): void {
    if (this.row === this.rows - 1) {
      this.scrolledOff.push(rowText(this.cells.shift()!));
      this.cells.push(this.blank());
    } else {
      this.row++;
    }
  }

  /** Erases cells [from, to) of a row; a wide character cut by the edge is erased whole. */
  private eraseCells(row: number, from: number, to: number): void {
    const cells = this.cells[row];
    if (cells[from]?.width === 0 && from > 0) cells[from - 1] = this.erased();
    if (cells[to]?.width === 0) cells[to] = this.erased();
    for (let c = from; c < to; c++) cells[c] = this.erased();
  }

  write(data: string): void {
    for (let i = 0; i < data.length;) {
      if (data[i] === '\u001b') {
        // The window title (OSC 2): kept, never drawn.
        const title = /^\u001b\]2;([^\u0007\u001b]*)(?:\u0007|\u001b\\)/.exec(data.slice(i, i + 256));
        if (title) {
          this.titles.push(title[1]);
          i += title[0].length;
          continue;
        }
        const m = /^\u001b\[(\??)([0-9;:]*)([A-Za-z])/.exec(data.slice(i, i + 64));
        if (!m && this.lenient) {
          i += skipped(data.slice(i, i + 4096));
          continue;
        }
        if (!m) throw new Error(`unsupported escape at ${i}: ${JSON.stringify(data.slice(i, i + 12))}`);
        i += m[0].length;
        if (m[3] === 'm' && m[1] === '') {
          if (!this.lenient) applySgr(this.attrs, m[2]);
          continue;
        }
        this.pendingWrap = false;
        if (m[1] === '?' && m[2] === '1049') this.switchScreen(m[3] === 'h');
        if (m[1] !== '?' && (!this.lenient || 'ABCEGKJLMH'.includes(m[3]))) this.control(m[3], m[2], m[0]);
        continue;
      }
      const cp = String.fromCodePoint(data.codePointAt(i)!);
      i += cp.length;
      this.print(cp);
    }
  }

  private control(final: string, params: string, whole: string): void {
    const n = params === '' ? 1 : Number(params.split(';')[0]) || 1;
    switch (final) {
      case 'A':
        this.row = Math.max(0, this.row - n);
        break;
      case 'B':
        this.row = Math.min(this.rows - 1, this.row + n);
        break;
      case 'C':
        this.col = Math.min(this.columns - 1, this.col + n);
        break;
      case 'E':
        this.row = Math.min(this.rows - 1, this.row + n);
        this.col = 0;
        break;
      case 'G':
        this.col = Math.min(this.columns - 1, n - 1);
        break;
      case 'K':
        if (params === '2') this.eraseCells(this.row, 0, this.columns);
        else if (params === '1') this.eraseCells(this.row, 0, this.col + 1);
        else this.eraseCells(this.row, this.col, this.columns);
        break;
      case 'J':
        this.eraseCells(this.row, this.col, this.columns);
        for (let r = this.row + 1; r < this.rows; r++) this.cells[r] = this.blank();
        break;
      case 'L': {
        // Insert lines: rows from the cursor down move down; the bottom ones are lost.
        const count = Math.min(n, this.rows - this.row);
        this.cells.splice(this.rows - count, count);
        this.cells.splice(this.row, 0, ...Array.from({ length: count }, () => this.blank()));
        this.col = 0;
        break;
      }
      case 'M': {
        // Delete lines: rows below move up; blank rows appear at the bottom.
        const count = Math.min(n, this.rows - this.row);
        this.cells.splice(this.row, count);
        this.cells.push(...Array.from({ length: count }, () => this.blank()));
        this.col = 0;
        break;
      }
      case 'H':
        this.row = 0;
        this.col = 0;
        break;
      case 't':
        // Window operations: only the title stack (22 saves, 23 restores), recorded.
        if (params !== '22;0' && params !== '23;0') throw new Error(`unsupported CSI ${whole}`);
        this.titleStack.push(params === '22;0' ? 'save' : 'restore');
        break;
      default:
        throw new Error(`unsupported CSI ${whole}`);
    }
  }

  private print(ch: string): void {
    if (ch === '\n') {
      // The tty's ONLCR stays on in raw mode: LF is CR LF.
      this.lineFeed();
      this.col = 0;
      this.pendingWrap = false;
      return;
    }
    if (ch === '\r') {
      this.col = 0;
      this.pendingWrap = false;
      return;
    }
    if (ch < ' ' && this.lenient) return;
    if (ch < ' ') throw new Error(`unsupported control ${JSON.stringify(ch)}`);
    const width = measure(ch);
    if (width === 0) {
      // A combining mark joins the cell before the cursor.
      const at = this.pendingWrap ? this.col : Math.max(0, this.col - 1);
      const cell =
        this.cells[this.row][at].width === 0 && at > 0 ? this.cells[this.row][at - 1] : this.cells[this.row][at];
      cell.ch += ch;
      return;
    }
    if (this.pendingWrap || (width === 2 && this.col === this.columns - 1)) {
      this.lineFeed();
      this.col = 0;
      this.pendingWrap = false;
    }
    this.eraseCells(this.row, this.col, this.col + width);
    const attrs = describe(this.attrs);
    this.cells[this.row][this.col] = { ch, width: width === 2 ? 2 : 1, attrs };
    if (width === 2) this.cells[this.row][this.col + 1] = { ch: '', width: 0, attrs };
    if (this.col + width >= this.columns) {
      this.col = this.columns - 1;
      this.pendingWrap = true;
    } else this.col += width;
  }

  /** The screen the normal one was swapped for (DEC mode 1049): its rows and cursor, while the alternate screen shows. */
  private saved: { cells: Cell[][]; row: number; col: number } | undefined;

  /** Mode 1049: on saves the cursor and the normal screen and shows a blank one; off puts them back. */
  private switchScreen(on: boolean): void {
    if (on && !this.saved) {
      this.saved = { cells: this.cells.map((row) => row.slice()), row: this.row, col: this.col };
      for (let r = 0; r < this.rows; r++) this.cells[r] = this.blank();
    } else if (!on && this.saved) {
      this.saved.cells.forEach((row, r) => (this.cells[r] = row));
      this.row = this.saved.row;
      this.col = this.saved.col;
      this.saved = undefined;
    }
  }

  /** Whether the alternate screen shows. */
  get alternate(): boolean {
    return this.saved !== undefined;
  }

  text(): string[] {
    return this.cells.map(rowText);
  }

  /** Every row cell by cell, with the attributes where they change: `a{bold}bc{}d`. Two screens equal in this look the same. */
  styled(): string[] {
    return this.cells.map((cells) => {
      let out = '';
      let attrs = '';
      for (const cell of cells) {
        if (cell.attrs !== attrs) out += `{${(attrs = cell.attrs)}}`;
        out += cell.width === 0 ? '' : cell.ch;
      }
      return out;
    });
  }
}

function rowText(cells: Cell[]): string {
  return cells
    .map((c) => c.ch)
    .join('')
    .trimEnd();
}

/** Length of the escape sequence at the start of `text` (CSI, OSC, or ESC and one character). */
function skipped(text: string): number {
  const csi = /^\u001b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]/.exec(text);
  if (csi) return csi[0].length;
  const osc = /^\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)/.exec(text);
  if (osc) return osc[0].length;
  return Math.min(2, text.length);
}
