// The one performer of effects (effect.ts), for App's loop (loop.ts) and
// the tests' console alike: each effect is done once the update that
// returned it has been committed. The relay's (answers and their resends,
// cancel / pause / resume, reads whose results come back as `fetched`), the
// terminal's (bell, notification, clipboard, suspend, quit) and the files'
// (a rule saved, a hide recorded, the history read). What they learn comes
// back as a message. A request read from a file is history: never
// commanded, whatever the keys said.

import { BEL, clipboardSequence, notificationSequence, titleSequence } from './alerts.js';
import { clipboardText } from './clipboard.js';
import type { AppProps } from './app-props.js';
import { sendFacts } from './history/send-facts.js';
import { isFromFile } from '../store/file-relay.js';
import { ruleStillAnswers } from '../store/rule-recheck.js';
import type { RequestRecord } from '../store/types.js';
import type { RelayHandle } from '../relay/types.js';
import type { FetchResult } from '../relay/fetch-events.js';
import type { Effect, Msg, UiModel } from './model.js';
import { ReadPool } from './reads.js';
import { readId } from './fetches.js';
import { displayLine } from '../protocol/sanitize.js';

/** What the performer reaches: App's props (the store, the relays, the files' hooks, the terminal's writer). */
export type EffectProps = Pick<AppProps, 'store' | 'clients'> &
  Partial<
    Pick<
      AppProps,
      'history' | 'write' | 'env' | 'onQuit' | 'onSuspend' | 'saveRule' | 'deleteRule' | 'phone' | 'now' | 'readOnly'
    >
  >;

export interface EffectPorts {
  /** The props as of the last render. */
  props: () => EffectProps;
  /** The terminal, when the props name no `write`. */
  stdout: { write: (data: string) => unknown };
  reads: ReadPool;
  /** The model committed by the message whose effects these are. */
  model: () => UiModel;
}

export function performEffect(effect: Effect, dispatch: (msg: Msg) => void, ports: EffectPorts): void {
  if (relayEffect(effect, dispatch, ports) || rulesFileEffect(effect, dispatch, ports)) return;
  const props = ports.props();
  const { store, history } = props;
  const out = props.write ?? ((data: string) => void ports.stdout.write(data));
  const env = props.env ?? process.env;
  switch (effect.type) {
    case 'bell':
      out(BEL);
      break;
    case 'notify':
      out(notificationSequence(effect.title, effect.body, env));
      break;
    case 'phone':
      phoneEffect(effect, props, dispatch);
      break;
    case 'title':
      out(titleSequence(effect.text));
      break;
    case 'copy': {
      const sequence = clipboardSequence(effect.text, env);
      if (sequence) out(sequence);
      break;
    }
    case 'hide':
    case 'unhide': {
      const record = store.request(effect.key);
      if (record) history?.[effect.type]?.(record);
      break;
    }
    case 'snooze': {
      const record = store.request(effect.key);
      if (record) history?.snooze?.(record, effect.until);
      break;
    }
    case 'suspend': {
      const refused = props.onSuspend?.();
      if (refused) dispatch({ type: 'notice', text: refused });
      break;
    }
    case 'quit':
      props.onQuit?.();
      break;
    case 'then':
      dispatch({ type: 'keys', text: effect.keys, ...(effect.read === undefined ? {} : { read: effect.read }) });
      break;
    case 'readHistory':
      dispatch({
        type: 'history',
        read: history ? history.read() : { decisions: [], skipped: 0, torn: false, problems: [] },
      });
      break;
  }
}

/** --notify-cmd: the requests to the CLI's runner; a request read from a file is history, news to nobody's phone. */
function phoneEffect(
  effect: Extract<Effect, { type: 'phone' }>,
  props: EffectProps,
  dispatch: (msg: Msg) => void,
): void {
  const records = effect.keys.flatMap((key) => {
    const record = props.store.request(key);
    return record && !isFromFile(record) ? [record] : [];
  });
  if (records.length) props.phone?.(records, effect.event, (text) => dispatch({ type: 'notice', text }));
}

/**
 * `r` and the drop key on an answer: a resend (a held one is asked at the
 * gate again: while it refuses, its words say why, as the hint), or a held
 * answer dropped.
 */
function heldEffect(
  effect: Extract<Effect, { type: 'resend' | 'drop' }>,
  client: RelayHandle | undefined,
  dispatch: (msg: Msg) => void,
): void {
  if (effect.type === 'resend') {
    const result = client?.resend(effect.commandId);
    const refused = typeof result === 'object' && result !== null ? result : undefined;
    if (refused) dispatch({ type: 'notice', text: `Still held. ${refused.why}` });
    return;
  }
  const dropped = client?.drop?.(effect.commandId) === true;
  dispatch({
    type: 'notice',
    text: dropped ? 'Dropped the held answer: it was not sent.' : 'Nothing dropped: that answer is no longer held.',
  });
}

/** A command the client did not make (the ledger or the gate refused it as it was made): its words are on the relay's status line. */
const NOT_MADE = 'Not sent: refused as it was made (the relay status line says why).';

/** The effects that reach a relay: done, and true; false for every other effect. */
function relayEffect(effect: Effect, dispatch: (msg: Msg) => void, ports: EffectPorts): boolean {
  const { store, clients } = ports.props();
  const clientFor = (relay: string) => clients.find((client: RelayHandle) => client.relay === relay);
  switch (effect.type) {
    case 'send': {
      const record = store.request(effect.key);
      const { basis } = effect;
      // Judged again at the write, by the clock then: a rule whose end passed since AUTO decided no longer answers.
      const clock = ports.props().now ?? Date.now;
      const recheck = basis && ((now: RequestRecord | undefined) => ruleStillAnswers(now, basis, clock()));
      // The send carries what the history records of it (send-facts.ts): its line is written as the answer is made.
      const id =
        record && !isFromFile(record)
          ? clientFor(record.relay)?.respond(effect.key, effect.answer, {
              ...sendFacts(effect, record, ports.model()),
              ...(recheck ? { recheck } : {}),
            })
          : undefined;
      // The client asks the ledger again where the answer is made: what changed since the key (a roster, an Event) can refuse it.
      if (id === '' && effect.by === undefined && effect.batch === undefined)
        dispatch({ type: 'notice', text: NOT_MADE });
      return true;
    }
    case 'resend':
    case 'drop': {
      const command = store.command(effect.commandId);
      heldEffect(effect, command && clientFor(command.relay), dispatch);
      return true;
    }
    case 'control': {
      const record = store.request(effect.key);
      const id =
        record && !isFromFile(record)
          ? clientFor(record.relay)?.control?.(effect.key, effect.request, sendFacts(effect, record, ports.model()))
          : undefined;
      // Refused by the gate between the question and the y: the key's "sent" is not true.
      if (id === '') dispatch({ type: 'notice', text: NOT_MADE });
      return true;
    }
    case 'fetch': {
      const client = clientFor(effect.relay);
      const done = (result: FetchResult) => dispatch({ type: 'fetched', kind: effect.kind, key: effect.key, result });
      if (!client?.fetchEvents) {
        done({ ok: false, reason: 'this relay connection cannot read history' });
        return true;
      }
      // Bounded and given up when unwanted (reads.ts); the pool names a thrown error's cause.
      const fetchEvents = client.fetchEvents.bind(client);
      ports.reads.run(
        readId(effect.kind, effect.key),
        (signal) => fetchEvents(effect.filter, effect.limit, signal, effect.pin),
        done,
      );
      return true;
    }
    default:
      return false;
  }
}

/** A performer's ports for a console without a terminal of its own (tests, scripts): writes go to `write`. */
export function portsFor(
  props: () => EffectProps,
  model: () => UiModel,
  write: (data: string) => void = () => {},
): EffectPorts {
  return { props, stdout: { write }, reads: new ReadPool(), model };
}

/** The effects on the rules file (a rule saved by `a`, one deleted from the rules screen): done, and true; false for any other. */
function rulesFileEffect(effect: Effect, dispatch: (msg: Msg) => void, ports: EffectPorts): boolean {
  const props = ports.props();
  if (effect.type === 'deleteRule') dispatch(ruleDeleted(effect, props));
  if (effect.type !== 'saveRule') return effect.type === 'deleteRule';
  const saved = props.saveRule?.(effect.rule);
  // A rules file it cannot write: the one-line footer cannot hold the JSON, so it goes on the clipboard too (OSC 52).
  const out = props.write ?? ((data: string) => void ports.stdout.write(data));
  if (saved && !saved.ok && saved.byHand) out(clipboardSequence(saved.byHand, props.env ?? process.env) || '');
  dispatch({ type: 'notice', text: savedText(effect.rule.name, saved) });
  return true;
}

/** rules.delete → y: out of the file (as `a` writes it) or out of this console; --read-only changes nothing, here too. */
function ruleDeleted(effect: Extract<Effect, { type: 'deleteRule' }>, props: EffectProps): Msg {
  const name = effect.rule.name;
  const shown = JSON.stringify(displayLine(name, 80));
  const no = (text: string): Msg => ({ type: 'ruleDeleted', name, ok: false, text });
  if (props.readOnly) return no(`Rule ${shown} not deleted: read-only console (--read-only).`);
  if (!effect.inFile)
    return {
      type: 'ruleDeleted',
      name,
      ok: true,
      text: `Rule ${shown} deleted from this console (it was never in a file).`,
    };
  if (!props.deleteRule) return no(`Rule ${shown} not deleted: no rules file to delete it from.`);
  const deleted = props.deleteRule(effect.rule);
  if (!deleted.ok) return no(`Rule ${shown} not deleted: ${deleted.reason}; it stays in force.`);
  return { type: 'ruleDeleted', name, ok: true, text: `Rule ${shown} deleted from ${deleted.path}.` };
}

function savedText(name: string, saved: ReturnType<NonNullable<AppProps['saveRule']>> | undefined): string {
  if (!saved) return `Rule ${name}: kept for this console only (no rules file to save to).`;
  if (saved.ok) return `Rule ${name} saved to ${saved.path}.`;
  if (saved.byHand) {
    const copied = clipboardText(saved.byHand);
    if (!copied.ok) return `Rule ${name} kept for this console only: ${saved.reason}.`;
    const quoted = copied.quoted ? ' (single-quoted for a shell)' : '';
    return `Rule ${name} kept for this console only; its JSON is on the clipboard${quoted} to add by hand: ${saved.reason}.`;
  }
  return `Rule ${name} kept for this console only: ${saved.reason}.`;
}
