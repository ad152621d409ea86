// A minimal terminal screen for tests: enough of VT100 to replay what Ink and
// the frame writer send (text, LF with the tty's CR, CR, cursor up/next line,
// column 1, erase line/below, SGR ignored) and read the screen back.
export class Screen {
  readonly cells: string[][];
  row = 0;
  private pendingWrap = false;
  col = 0;
  /** Rows that scrolled off the top, oldest first. */
  readonly scrolledOff: string[] = [];

  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    this.cells = Array.from({ length: rows }, () => this.blank());
  }

  private blank(): string[] {
    return Array.from({ length: this.columns }, () => ' ');
  }

  private lineFeed(): void {
    if (this.row === this.rows - 1) {
      this.scrolledOff.push(this.cells.shift()!.join('').trimEnd());
      this.cells.push(this.blank());
    } else {
      this.row++;
    }
  }

  write(data: string): void {
    for (let i = 0; i < data.length; i++) {
      const ch = data[i];
      if (ch === '\u001b') {
        const m = /^\u001b\[(\??)([0-9;:]*)([A-Za-z])/.exec(data.slice(i, i + 32));
        if (!m) throw new Error(`unsupported escape at ${i}: ${JSON.stringify(data.slice(i, i + 12))}`);
        i += m[0].length - 1;
        this.pendingWrap = false;
        if (m[1] === '?') {
          if (m[2] === '1049') this.switchScreen(m[3] === 'h');
          continue;
        }
        const n = m[2] === '' ? 1 : Number(m[2].split(';')[0]) || 1;
        switch (m[3]) {
          case 'm':
            break;
          case 'A':
            this.row = Math.max(0, this.row - n);
            break;
          case 'B':
            this.row = Math.min(this.rows - 1, this.row + n);
            break;
          case 'E':
            this.row = Math.min(this.rows - 1, this.row + n);
            this.col = 0;
            break;
          case 'G':
            this.col = Math.min(this.columns - 1, n - 1);
            break;
          case 'K':
            if (m[2] === '2') this.cells[this.row] = this.blank();
            else for (let c = this.col; c < this.columns; c++) this.cells[this.row][c] = ' ';
            break;
          case 'J':
            for (let c = this.col; c < this.columns; c++) this.cells[this.row][c] = ' ';
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
          default:
            throw new Error(`unsupported CSI ${m[0]}`);
        }
        continue;
      }
      if (ch === '\n') {
        // The tty's ONLCR stays on in raw mode: LF is CR LF.
        this.lineFeed();
        this.col = 0;
        this.pendingWrap = false;
        continue;
      }
      if (ch === '\r') {
        this.col = 0;
        this.pendingWrap = false;
        continue;
      }
      if (this.pendingWrap) {
        this.lineFeed();
        this.col = 0;
        this.pendingWrap = false;
      }
      this.cells[this.row][this.col] = ch;
      if (this.col === this.columns - 1) this.pendingWrap = true;
      else this.col++;
    }
  }

  /** The screen the normal one was swapped for (DEC mode 1049): its rows and cursor, while the alternate screen shows. */
  private saved: { cells: string[][]; row: number; col: number } | undefined;

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
    return this.cells.map((cells) => cells.join('').trimEnd());
  }
}
