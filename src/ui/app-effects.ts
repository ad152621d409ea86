// The effects App performs for the loop (loop.ts), after the update that
// returned them has been committed: the relay's (effects.ts), the terminal's
// (bell, notification, suspend, quit) and the files' (a rule saved, the
// history read). What they learn comes back as a message.

import { BEL, clipboardSequence, notificationSequence } from './alerts.js';
import type { AppProps } from './app-props.js';
import { performRelayEffect } from './effects.js';
import { annotateDecision } from './history/annotate.js';
import type { Effect, Msg, UiModel } from './model.js';
import type { ReadPool } from './reads.js';

export interface EffectPorts {
  /** The props as of the last render. */
  props: () => AppProps;
  /** The terminal, when the props name no `write`. */
  stdout: { write: (data: string) => unknown };
  reads: ReadPool;
  /** The model committed by the message whose effects these are. */
  model: () => UiModel;
}

export function performEffect(effect: Effect, dispatch: (msg: Msg) => void, ports: EffectPorts): void {
  const props = ports.props();
  const { store, clients, history } = props;
  const made = (commandId: string) => annotateDecision(history, commandId, effect, ports.model(), store);
  if (performRelayEffect(effect, store, clients, dispatch, ports.reads, made)) return;
  const out = props.write ?? ((data: string) => void ports.stdout.write(data));
  switch (effect.type) {
    case 'bell':
      out(BEL);
      break;
    case 'notify':
      out(notificationSequence(effect.title, effect.body, props.env ?? process.env));
      break;
    case 'copy':
      out(clipboardSequence(effect.text, props.env ?? process.env));
      break;
    case 'hide': {
      const record = store.request(effect.key);
      if (record) history?.hide?.(record);
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
      dispatch(effect.msg);
      break;
    case 'saveRule': {
      const saved = props.saveRule?.(effect.rule);
      // A rules file it cannot write: the one-line footer cannot hold the JSON, so it goes on the clipboard too (OSC 52).
      if (saved && !saved.ok && saved.byHand) out(clipboardSequence(saved.byHand, props.env ?? process.env));
      dispatch({ type: 'notice', text: savedText(effect.rule.name, saved) });
      break;
    }
    case 'readHistory':
      dispatch({ type: 'history', read: history ? history.read() : { decisions: [], skipped: 0, torn: false, problems: [] } });
      break;
  }
}

function savedText(name: string, saved: ReturnType<NonNullable<AppProps['saveRule']>> | undefined): string {
  if (!saved) return `Rule ${name}: kept for this console only (no rules file to save to).`;
  if (saved.ok) return `Rule ${name} saved to ${saved.path}.`;
  if (saved.byHand) return `Rule ${name} kept for this console only; its JSON is on the clipboard to add by hand: ${saved.reason}.`;
  return `Rule ${name} kept for this console only: ${saved.reason}.`;
}
