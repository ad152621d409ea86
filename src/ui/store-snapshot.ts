// What the view reads of the store: a reader pinned to one store version,
// taken when `update` folds a store change (reconcile) and held by the model.
// The view reads it, never the live store, so a frame shows exactly what the
// model has folded, and nothing the store did since.
//
// It costs nothing per frame at 10,000 requests, and copies nothing per key:
// - the records: the store replaces a record on every change and never
//   mutates one, so the array of them taken for the list view at this
//   version (buildListView) is the pinned set; a lookup by key goes to the
//   live store while it is still at this version (the same record objects),
//   and only once the store has moved on is the pinned array indexed (once);
// - the relays: a handful of status objects, replaced on change: the array is kept;
// - per-request facts (last command, claimants, session control): read from
//   the live store while it is at this version and remembered on first read
//   (a session control's lists are copied then: the store updates those in
//   place). One never read while the store was at this version is answered
//   as unknown (no command, no claimants): a frame shows less, never a later
//   state. App never paints such a frame: the loop folds every store change
//   before React renders.

import { emitterSessionKey, sessionKey } from '../store/identity.js';
import type { SessionControl } from '../store/session-control.js';
import type { OwnCommand, RelayStatus, RequestRecord } from '../store/types.js';
import type { StoreReader } from '../store/writers.js';
import { routeRefusal, type RouteRefusal } from '../store/ledger.js';

/** The store as of one version, read only: what the view and its helpers may read. */
export interface StoreSnapshot {
  readonly version: number;
  request(key: string): RequestRecord | undefined;
  allRequests(): readonly RequestRecord[];
  relays(): readonly RelayStatus[];
  lastCommandFor(key: string): OwnCommand | undefined;
  claimants(relay: string, session: string): number | undefined;
  /**
   * Why an answer for the request could reach another emitter (the gate's
   * refusals 1-4, ledger.ts routeRefusal): `unknown` when the console cannot
   * tell yet (an answer then waits at the gate for a read of the session).
   */
  unsafeRoute(record: RequestRecord): RouteRefusal | undefined;
  sessionControl(relay: string, source: string, session: string): SessionControl | undefined;
  controlCommandsFor(relay: string, source: string, session: string): readonly OwnCommand[];
}

const NONE: readonly OwnCommand[] = Object.freeze([]);

class PinnedStore implements StoreSnapshot {
  private byKey: Map<string, RequestRecord> | undefined;
  private readonly commands = new Map<string, OwnCommand | undefined>();
  private readonly claims = new Map<string, number | undefined>();
  private readonly routes = new Map<string, RouteRefusal | undefined>();
  private readonly controls = new Map<string, SessionControl | undefined>();
  private readonly controlCommands = new Map<string, readonly OwnCommand[]>();

  constructor(
    private readonly live: StoreReader,
    readonly version: number,
    private readonly records: readonly RequestRecord[],
    private readonly relayList: readonly RelayStatus[],
  ) {}

  /** Whether the live store still is at the pinned version (its answers are then the pinned ones). */
  private get current(): boolean {
    return this.live.version === this.version;
  }

  request(key: string): RequestRecord | undefined {
    if (this.current) return this.live.request(key);
    if (!this.byKey) {
      this.byKey = new Map();
      for (const record of this.records) this.byKey.set(record.key, record);
    }
    return this.byKey.get(key);
  }

  allRequests(): readonly RequestRecord[] {
    return this.records;
  }

  relays(): readonly RelayStatus[] {
    return this.relayList;
  }

  lastCommandFor(key: string): OwnCommand | undefined {
    return this.remember(this.commands, key, undefined, () => this.live.lastCommandFor(key));
  }

  claimants(relay: string, session: string): number | undefined {
    return this.remember(this.claims, sessionKey(relay, session), undefined, () => this.live.claimants(relay, session));
  }

  unsafeRoute(record: RequestRecord): RouteRefusal | undefined {
    return this.remember(this.routes, record.key, undefined, () => routeRefusal(record, this.live.routeFacts(record)));
  }

  sessionControl(relay: string, source: string, session: string): SessionControl | undefined {
    return this.remember(this.controls, emitterSessionKey(relay, source, session), undefined, () =>
      copyControl(this.live.sessionControl(relay, source, session)),
    );
  }

  controlCommandsFor(relay: string, source: string, session: string): readonly OwnCommand[] {
    return this.remember(this.controlCommands, emitterSessionKey(relay, source, session), NONE, () =>
      this.live.controlCommandsFor(relay, source, session),
    );
  }

  private remember<T>(memo: Map<string, T>, key: string, unknown: T, read: () => T): T {
    if (memo.has(key)) return memo.get(key) as T;
    if (!this.current) return unknown;
    const value = read();
    memo.set(key, value);
    return value;
  }
}

/** The store's session lists are updated in place (acks, outcomes): the snapshot keeps its own. */
function copyControl(control: SessionControl | undefined): SessionControl | undefined {
  if (!control) return undefined;
  return {
    ...control,
    commands: control.commands.map((seen) => ({ ...seen })),
    cancelledRuns: new Map(control.cancelledRuns),
  };
}

/** The store as it is now, pinned (one array of its records: the one the list view is built from). */
export function pinStore(store: StoreReader): StoreSnapshot {
  return new PinnedStore(store, store.version, store.allRequests(), store.relays());
}
