// Where each rule sits in the text of a rules file: the byte span of every
// element of the top-level "rules" array, so one rule can be taken out and
// every other byte kept (the rules screen's delete, rules-file-write.ts).
// Pure. Called only on text that parseRules has read as a rules file (valid
// JSON): a scan that meets anything else gives up (undefined), and the
// caller leaves the file alone.

export interface RuleSpans {
  /** Index of the array's `[` and of its `]`. */
  open: number;
  close: number;
  /** Each element's [start, end) (end: just past its last character). */
  elements: [number, number][];
}

const WS = new Set([' ', '\t', '\n', '\r']);

class Scan {
  constructor(
    readonly text: string,
    public i = 0,
  ) {}
  ws(): void {
    while (this.i < this.text.length && WS.has(this.text[this.i]!)) this.i++;
  }
  /** Past a string starting at `i` (which is `"`): its end. */
  string(): number {
    let j = this.i + 1;
    while (j < this.text.length && this.text[j] !== '"') j += this.text[j] === '\\' ? 2 : 1;
    if (j >= this.text.length) throw new Error('unterminated string');
    this.i = j + 1;
    return this.i;
  }
  /** Past one value starting at `i`; `elements` collects an array's element spans when given. */
  value(elements?: [number, number][]): void {
    const c = this.text[this.i];
    if (c === '"') {
      this.string();
      return;
    }
    if (c === '{' || c === '[') {
      const end = c === '{' ? '}' : ']';
      this.i++;
      this.ws();
      if (this.text[this.i] === end) {
        this.i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          this.string();
          this.ws();
          if (this.text[this.i++] !== ':') throw new Error('expected ":"');
          this.ws();
        }
        const start = this.i;
        this.value();
        elements?.push([start, this.i]);
        this.ws();
        const next = this.text[this.i++];
        if (next === end) return;
        if (next !== ',') throw new Error('expected "," or the end');
        this.ws();
      }
    }
    // A number, true, false or null.
    const start = this.i;
    while (this.i < this.text.length && !WS.has(this.text[this.i]!) && !',]}'.includes(this.text[this.i]!)) this.i++;
    if (this.i === start) throw new Error('expected a value');
  }
}

/** The spans of the rules array JSON.parse reads (a key given twice: its last), or undefined. */
export function ruleSpans(text: string): RuleSpans | undefined {
  try {
    const scan = new Scan(text);
    scan.ws();
    if (text[scan.i++] !== '{') return undefined;
    let found: RuleSpans | undefined;
    scan.ws();
    if (text[scan.i] === '}') return undefined;
    for (;;) {
      const keyStart = scan.i;
      const key: unknown = JSON.parse(text.slice(keyStart, scan.string()));
      scan.ws();
      if (text[scan.i++] !== ':') return undefined;
      scan.ws();
      const open = scan.i;
      if (key === 'rules' && text[open] === '[') {
        const elements: [number, number][] = [];
        scan.value(elements);
        found = { open, close: scan.i - 1, elements };
      } else scan.value();
      scan.ws();
      const next = text[scan.i++];
      if (next === '}') return found;
      if (next !== ',') return undefined;
      scan.ws();
    }
  } catch {
    return undefined;
  }
}
