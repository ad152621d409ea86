// Keys and pastes, for App. The console decodes Ink's raw input events
// itself (InputDecoder: bracketed paste, one message per key or per run of
// plain keys). Its listener goes first on Ink's input emitter and only
// queues; useInput, called for the same event right after, keeps raw mode
// on and runs its handler inside React's batched updates, where the queue
// is drained.

import { useEffect, useRef } from 'react';
import { useInput, useStdin } from 'ink';
import { InputDecoder, type InputMsg } from './keys.js';
import type { Msg } from './model.js';

/** How long a paste may go without its end mark before what arrived is taken as the whole paste. */
const PASTE_END_WAIT_MS = 1000;

export function useInputMessages(dispatch: (msg: Msg) => void): void {
  const { internal_eventEmitter: inputEvents } = useStdin();
  const queued = useRef<InputMsg[]>([]);
  useEffect(() => {
    const decoder = new InputDecoder();
    let pasteTimer: NodeJS.Timeout | undefined;
    const onInput = (data: string) => {
      queued.current.push(...decoder.push(data));
      clearTimeout(pasteTimer);
      // A paste whose end mark never comes must not swallow every key after it.
      if (decoder.pasting) pasteTimer = setTimeout(() => decoder.flush().forEach((msg) => dispatch(msg)), PASTE_END_WAIT_MS);
    };
    inputEvents.prependListener('input', onInput);
    return () => {
      clearTimeout(pasteTimer);
      inputEvents.removeListener('input', onInput);
    };
  }, [inputEvents, dispatch]);
  useInput(() => {
    const messages = queued.current;
    queued.current = [];
    for (const msg of messages) dispatch(msg);
  });
}
