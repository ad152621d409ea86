// This console's open-request notes on one relay: an attention.routed when the operator opens a request, sent
// only when the connection can take it (a note is news, not an answer: it
// is never queued, the next renewal says it again). A relay that refuses
// one (the reference relay answers `invalid-event: seq required`) gets no
// more: the status line says once that other consoles cannot see who has
// a request open, and nothing is retried. With --read-only none is sent.
import { buildRouted, consoleSource } from '../protocol/routed.js';
import { displayLine } from '../protocol/sanitize.js';
import type { AepEvent } from '../protocol/types.js';
import type { RelayStatusBook, StoreReader } from '../store/writers.js';

/** Ids of the notes sent, kept to know a refusal of one (a relay answers within moments; older ids are forgotten). */
const IDS_KEPT = 64;

export const NOTES_REFUSED = 'other consoles cannot see who has a request open here';

/**
 * A per-run id of this console instance: two consoles with one name on one
 * host are still two. It tells instances apart and keeps nothing secret, so
 * Math.random serves: node:crypto, which randomBytes would load, is about
 * 16 modules, and this id is made before the first frame is drawn.
 */
export function newInstanceId(): string {
  const random = Math.floor(Math.random() * 0x1_0000_0000);
  return `${process.pid}-${random.toString(16).padStart(8, '0')}`;
}

export interface NoteLink {
  ready(): boolean;
  send(event: AepEvent): boolean;
}

export class RoutedNotes {
  readonly source: string;
  private readonly sent = new Set<string>();
  private refused = false;

  constructor(
    private readonly store: Pick<StoreReader, 'request'> & Pick<RelayStatusBook, 'warnRelay' | 'updateRelay'>,
    private readonly relay: string,
    private readonly link: NoteLink,
    private readonly identity: { name: string; host: string; instance: string },
    private readonly off: boolean,
  ) {
    this.source = consoleSource(identity.host, identity.name, identity.instance);
    // Our own notes come back from the relay: the UI knows them by this source and never shows them.
    store.updateRelay(relay, { noticeSource: this.source });
  }

  /** Tells the relay the operator has `requestKey` open; false when nothing was sent. */
  opened(requestKey: string): boolean {
    if (this.off || this.refused || !this.link.ready()) return false;
    const record = this.store.request(requestKey);
    if (!record || record.relay !== this.relay) return false;
    const event = buildRouted({
      request: { id: record.id, session: record.session },
      name: this.identity.name,
      source: this.source,
    });
    if (!this.link.send(event)) return false;
    this.sent.add(event.id);
    if (this.sent.size > IDS_KEPT) this.sent.delete(this.sent.values().next().value!);
    return true;
  }

  /** A relay `error` frame naming `cause`: true when it refused one of our notes (then none is sent again). */
  refusal(cause: string, code: string, detail: string | undefined): boolean {
    if (!this.sent.has(cause)) return false;
    this.sent.delete(cause);
    if (!this.refused) {
      this.refused = true;
      this.store.warnRelay(
        this.relay,
        `${NOTES_REFUSED}: the relay refused this console's open-request note ` +
          `(${displayLine(code, 40)}${detail ? `: ${displayLine(detail, 120)}` : ''}); not sent again`,
      );
    }
    return true;
  }
}
