// Keys and pastes, for App. The console decodes Ink's raw input events
// itself (InputDecoder: bracketed paste, one message per key or per run of
// plain keys) and dispatches each as it is decoded. Ink's useInput is not
// used: it would parse every key again into a shape the console never
// reads, and its batching wrapper does nothing under React 19. Raw mode is
// asked for here, as useInput would (Ink reads the keyboard only while some
// component holds it).

import { useEffect } from 'react';
import { useStdin } from 'ink';
import { InputDecoder } from './keys.js';
import type { Msg } from './model.js';

/** How long a paste may go without its end mark before what arrived is taken as the whole paste. */
const PASTE_END_WAIT_MS = 1000;

export function useInputMessages(dispatch: (msg: Msg) => void): void {
  const { internal_eventEmitter: inputEvents, setRawMode } = useStdin();
  useEffect(() => {
    const decoder = new InputDecoder();
    let pasteTimer: NodeJS.Timeout | undefined;
    const onInput = (data: string) => {
      clearTimeout(pasteTimer);
      for (const msg of decoder.push(data)) dispatch(msg);
      // A paste whose end mark never comes must not swallow every key after it.
      if (decoder.pasting) pasteTimer = setTimeout(() => decoder.flush().forEach((msg) => dispatch(msg)), PASTE_END_WAIT_MS);
    };
    inputEvents.on('input', onInput);
    setRawMode(true);
    return () => {
      setRawMode(false);
      clearTimeout(pasteTimer);
      inputEvents.removeListener('input', onInput);
    };
  }, [inputEvents, setRawMode, dispatch]);
}
