// An incremental `text/event-stream` reader (WHATWG SSE), bounded for
// hostile input: the relay's bytes decide nothing but what we parse.
//
// AEP-0003 §3.3: each message's `data:` is one Event's JSON; comments carry
// `replay-exhausted <session> <epoch>:<seq>` and heartbeats. A line or a
// message longer than `maxLine` is dropped whole (counted), never buffered.

export interface SseHandlers {
  /** One dispatched message: its `data` (lines joined by "\n") and `event` name. */
  message(data: string, event: string | undefined): void;
  /** A comment line's text, without the leading colon and one space. */
  comment(text: string): void;
  /** A line or message past the bound was dropped. */
  oversize(): void;
}

export class SseParser {
  private partial = '';
  /** Dropping the rest of an oversize line until its end. */
  private skipping = false;
  private data: string[] = [];
  private dataChars = 0;
  private event: string | undefined;
  private dropMessage = false;
  /** A chunk that ended in "\r": a "\n" starting the next one belongs to that line end. */
  private afterCr = false;

  constructor(
    private readonly handlers: SseHandlers,
    private readonly maxLine: number,
  ) {}

  /** Feeds decoded text (UTF-8 already reassembled across chunks). */
  push(text: string): void {
    let start = 0;
    if (this.afterCr && text.startsWith('\n')) start = 1;
    this.afterCr = false;
    const ends = /\r\n|\r|\n/g;
    ends.lastIndex = start;
    for (let m = ends.exec(text); m; m = ends.exec(text)) {
      if (m[0] === '\r' && m.index === text.length - 1) this.afterCr = true;
      this.take(text.slice(start, m.index), true);
      start = m.index + m[0].length;
    }
    this.take(text.slice(start), false);
  }

  /** The stream ended: an unterminated message is not dispatched (the spec drops it too). */
  end(): void {
    this.partial = '';
    this.data = [];
  }

  private take(piece: string, complete: boolean): void {
    if (this.skipping) {
      if (complete) this.skipping = false;
      return;
    }
    if (this.partial.length + piece.length > this.maxLine) {
      this.partial = '';
      this.skipping = !complete;
      this.dropMessage = true;
      this.handlers.oversize();
      return;
    }
    if (!complete) {
      this.partial += piece;
      return;
    }
    const line = this.partial + piece;
    this.partial = '';
    this.line(line);
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return this.handlers.comment(line.slice(1).replace(/^ /, ''));
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') {
      this.dataChars += value.length + 1;
      if (this.dataChars > this.maxLine) {
        if (!this.dropMessage) this.handlers.oversize();
        this.dropMessage = true;
        this.data = [];
        return;
      }
      if (!this.dropMessage) this.data.push(value);
    } else if (field === 'event') {
      this.event = value;
    }
    // `id` and `retry` matter to a resuming EventSource; a single-pass read keeps none.
  }

  private dispatch(): void {
    const { data, event, dropMessage } = this;
    this.data = [];
    this.dataChars = 0;
    this.event = undefined;
    this.dropMessage = false;
    if (dropMessage || data.length === 0) return;
    this.handlers.message(data.join('\n'), event);
  }
}
