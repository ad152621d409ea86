// `aep-console respond ID (--option O | --text T | --values JSON)`: answers
// one request from a script. The relays are wired as the console wires them
// (relay-session.ts), so the answer goes through the one command builder,
// outbox and ack handling (relay/commands.ts, protocol/respond.ts): journaled
// before it is sent, resent with the same id on silence, kept on disk when
// no acknowledgement came (the next console resends it, as after a console
// that stopped). It reads each relay's history once (its first replay),
// refuses what cannot be answered, and waits for the agent's outcome.
//
// Exit codes: 0 accepted and applied; 2 usage (the answer does not fit the
// request); 3 could not connect, refused, rejected, no route, not pending,
// informational, an id two emitters share, a route the gate at the wire
// refuses (`unsafe-route`) or cannot prove (`unknown`), an answer it holds
// (`held`); 4 no acknowledgement or no outcome within --wait.
import { tmpdir } from 'node:os';
import { DecisionLog } from '../files/decision-log.js';
import { DEFAULT_TIMING } from '../relay/timing.js';
import { DecisionRecorder } from '../files/decision-recorder.js';
import { Outbox, type JournaledAnswer } from '../files/outbox.js';
import { ANSWER_STATES, answerState } from '../store/answer/index.js';
import { answerRefusal, gateRefusal } from '../store/ledger.js';
import { displayLine } from '../protocol/sanitize.js';
import { answerFate } from '../store/closed-reason.js';
import { ConsoleStore } from '../store/store.js';
import { BY_OPERATOR, type OwnCommand, type RequestRecord } from '../store/types.js';
import { describeOutcome } from '../ui/words/outcome.js';
import type { ConsoleOptions } from './args.js';
import { stateDir } from './crash-report.js';
import { idCell, safeJson } from './list.js';
import { pickRequest } from './respond-pick.js';
import { connectionText, hopeless, openRelays, type RelaySession } from './relay-session.js';

export interface RespondIO {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

/** How long the relays get to connect and subscribe before respond gives up (exit 3). */
const CONNECT_MS = 10_000;
/**
 * Once a relay is live its replay ends by itself: quiet, or at the client's
 * cap (a live stream that never pauses); this is that cap and some room.
 */
const REPLAY_MS = DEFAULT_TIMING.replayMaxMs + 5_000;

interface Result {
  code: number;
  result: string;
  reason?: string;
  record?: RequestRecord;
  command?: OwnCommand;
}

/**
 * Resolves when `done()` holds after a store change or once `wake` has
 * settled (or at once), or false after `ms`.
 */
function until(store: ConsoleStore, done: () => boolean, ms: number, wake?: Promise<unknown>): Promise<boolean> {
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let finished = false;
    const finish = (value: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const timer = setTimeout(() => finish(false), ms);
    const unsubscribe = store.subscribe(() => {
      if (done()) finish(true);
    });
    void wake?.then(() => {
      if (done()) finish(true);
    });
  });
}

/**
 * Every relay replayed its history, or one of them cannot be read: its reason.
 * A replay's end is no store change (it only marks the relay replayed): the
 * ends are awaited themselves, as `watch` awaits them, beside the store
 * changes that can make a relay hopeless. Each relay by the name its client
 * reports under (a trailing "/" or "/socket" given in --relay is no part of
 * it). The relays get CONNECT_MS to go live; a live one's replay then ends
 * by itself (REPLAY_MS), so a busy relay is read, never given up on early.
 */
async function readHistory(session: RelaySession): Promise<string | undefined> {
  const store = session.wiring.store;
  const relays = session.wiring.clients.map((c) => c.relay);
  const failed = () => store.relays().find((r) => hopeless(r.connection));
  const replayed = Promise.all(relays.map((r) => session.firstReplay(r)));
  const all = (ok: (relay: string) => boolean) => () => failed() !== undefined || relays.every(ok);
  const live = await until(
    store,
    all((r) => session.replayed.has(r) || store.getRelay(r)?.connection.kind === 'live'),
    CONNECT_MS,
    replayed,
  );
  const ready =
    live &&
    (await until(
      store,
      all((r) => session.replayed.has(r)),
      REPLAY_MS,
      replayed,
    ));
  const bad = failed();
  if (bad) return `${displayLine(bad.relay, 200)}: ${displayLine(connectionText(bad.connection), 300)}`;
  if (ready) return undefined;
  const slow = store.relays().find((r) => !session.replayed.has(r.relay));
  const within = live
    ? `no end of its replay within ${REPLAY_MS / 1000} s of going live`
    : `not live within ${CONNECT_MS / 1000} s`;
  return `${displayLine(slow?.relay ?? relays[0], 200)}: ${displayLine(connectionText(slow?.connection), 300)} (${within})`;
}

/** Our command settled and, when accepted, the emitter recorded what became of the request. */
function settledResult(store: ConsoleStore, commandId: string, key: string): Result | undefined {
  const command = store.command(commandId);
  const record = store.request(key);
  if (!command || command.state === 'sending') return undefined;
  const state = answerState(command);
  const end = ANSWER_STATES[state].respond?.(command);
  if (end) {
    // Not sent: the gate's first refusal is said by what it could not prove (`unknown`, `unsafe-route`).
    const result = end.result === 'not-sent' ? notSentResult(store, command, record) : end.result;
    return { ...end, result, record, command };
  }
  const fate = record ? answerFate(record, commandId) : { kind: 'open' as const };
  if (fate.kind === 'applied') return { code: 0, result: 'applied', record, command };
  if (fate.kind === 'closed')
    return {
      code: 3,
      result: 'closed',
      reason: `accepted, but the request closed otherwise (${fate.why})`,
      record,
      command,
    };
  return undefined;
}

/** A first send the gate refused: `unknown` (nothing could prove the route), `unsafe-route`, or `not-sent`. */
function notSentResult(store: ConsoleStore, command: OwnCommand, record: RequestRecord | undefined): string {
  if (command.code !== 'gate' || !record) return 'not-sent';
  if (command.refused === 'unknown') return 'unknown';
  const refused = gateRefusal(store, record, 'respond');
  if (refused?.code === 'unknown') return 'unknown';
  return refused?.code === 'route' || refused?.code === 'twin' ? 'unsafe-route' : 'not-sent';
}

async function send(session: RelaySession, record: RequestRecord, options: ConsoleOptions): Promise<Result> {
  const spec = options.respond!;
  const client = session.wiring.clients.find((c) => c.relay === record.relay);
  // The operator's answer, from a script: the history says `by: "you"`.
  const commandId = client?.respond(record.key, spec.answer, BY_OPERATOR) ?? '';
  if (!commandId)
    return { code: 3, result: 'not-sent', reason: 'the answer could not be made for this request', record };
  const store = session.wiring.store;
  let result: Result | undefined;
  await until(store, () => (result = settledResult(store, commandId, record.key)) !== undefined, spec.waitMs);
  if (result) return result;
  const command = store.command(commandId);
  // Still waiting at the gate for a read of the session: nothing went out (and nothing is kept: CommandSender.dispose).
  if (command?.gate === 'waiting')
    return {
      code: 3,
      result: 'unknown',
      reason:
        `not sent: the read of session "${displayLine(record.session, 60)}" did not end within ` +
        `${spec.waitMs / 1000} s, so who else speaks there is unknown`,
      record,
      command,
    };
  const acked = command?.state === 'accepted';
  const reason = acked
    ? `accepted, no outcome recorded within ${spec.waitMs / 1000} s`
    : `no acknowledgement within ${spec.waitMs / 1000} s (the answer is kept in the outbox; the next console resends it)`;
  return { code: 4, result: acked ? 'no-outcome' : 'no-ack', reason, record: store.request(record.key), command };
}

function print(result: Result, options: ConsoleOptions, io: RespondIO): void {
  const record = result.record;
  const outcome = record ? describeOutcome(record) : undefined;
  if (options.json) {
    const row: Record<string, unknown> = { result: result.result, id: options.respond!.id, code: result.code };
    if (record)
      Object.assign(row, {
        relay: record.relay,
        source: record.source,
        agent: record.agent,
        session: record.session,
        state: record.state,
      });
    if (result.command) row.command_id = result.command.id;
    if (result.reason) row.reason = result.reason;
    if (outcome) row.outcome = Object.fromEntries(Object.entries(outcome).filter(([, v]) => v !== undefined));
    io.out(safeJson(row));
    return;
  }
  if (result.code === 0)
    io.out(
      `applied: ${displayLine(record?.agent ?? '', 40)} ${displayLine(outcome?.summary ?? 'answered', 200)} ${idCell(options.respond!.id)}`,
    );
  else
    io.err(
      `aep-console: respond ${displayLine(options.respond!.id, 80)}: ${displayLine(result.reason ?? result.result, 400)}`,
    );
}

async function respond(session: RelaySession, options: ConsoleOptions): Promise<Result> {
  const problem = await readHistory(session);
  if (problem) return { code: 3, result: 'no-connection', reason: `could not read the history of ${problem}` };
  const picked = pickRequest(session.wiring.store.allRequests(), options.respond!, options.sessions ?? []);
  if (!picked.ok) return { code: picked.code, result: picked.result, reason: picked.reason, record: picked.record };
  // The ledger: an answer on its way (a saved one included) refuses this one, and so does a route another agent could take.
  // What cannot be proven yet ("unknown") is the gate's to settle: the answer waits there for a read of the session.
  const refused = answerRefusal(session.wiring.store, picked.record);
  if (refused && refused.code !== 'unknown')
    return {
      code: 3,
      result: refused.code === 'route' || refused.code === 'twin' ? 'unsafe-route' : refused.code,
      reason: refused.why,
      record: picked.record,
      ...(refused.code === 'in-flight' ? { command: refused.command } : {}),
    };
  return send(session, picked.record, options);
}

export async function runRespond(
  options: ConsoleOptions,
  io: RespondIO,
  remember: (secret: string | undefined) => void,
): Promise<number> {
  const store = new ConsoleStore();
  const dir = stateDir(io.env) ?? tmpdir();
  // The console's own journal and history: an answer not acknowledged is kept for the next console.
  const outbox = new Outbox(dir, { relays: options.relays });
  const log = options.history === false ? undefined : new DecisionLog(dir);
  const recorder = log && new DecisionRecorder(store, log);
  recorder?.start();
  // A saved answer for the request asked about waits: if this answer is made, it supersedes it; if not, it stays on disk.
  const spec = options.respond!;
  const holdSaved = (entry: JournaledAnswer) => {
    const record = store.request(entry.requestKey);
    return (
      entry.event.subject === spec.id &&
      (spec.source === undefined || record?.source === spec.source) &&
      (!options.sessions?.length || options.sessions.includes(entry.event.session ?? ''))
    );
  };
  const session = openRelays(options, remember, {
    store,
    outbox,
    decisions: recorder,
    holdSaved,
    // What a quiet WebSocket replay left out (a paused replay, a resolution behind it) cannot be known: an ended read of the session first.
    answersOnProof: true,
  });
  let result: Result;
  try {
    result = await respond(session, options);
  } finally {
    await session.wiring.stop();
    recorder?.stop();
  }
  print(result, options, io);
  return result.code;
}
