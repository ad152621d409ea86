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
  const { stdin, internal_eventEmitter: inputEvents, setRawMode } = useStdin();
  useEffect(() => {
    const decoder = new InputDecoder();
    let pasteTimer: NodeJS.Timeout | undefined;
    // Each read of the terminal gets a number, counted before Ink's own
    // 'readable' listener splits it into input events: every message of one
    // read carries it (one send per read, update.ts). A lone ESC that Ink
    // holds back and flushes a moment later keeps the number of its read.
    let read = 0;
    const onReadable = () => {
      read++;
    };
    const onInput = (data: string) => {
      clearTimeout(pasteTimer);
      for (const msg of decoder.push(data)) dispatch({ ...msg, read });
      // A paste whose end mark never comes must not swallow every key after it.
      if (decoder.pasting)
        pasteTimer = setTimeout(
          () => decoder.flush().forEach((msg) => dispatch({ ...msg, read: ++read })),
          PASTE_END_WAIT_MS,
        );
    };
    stdin.prependListener('readable', onReadable);
    inputEvents.on('input', onInput);
    setRawMode(true);
    return () => {
      setRawMode(false);
      clearTimeout(pasteTimer);
      inputEvents.removeListener('input', onInput);
      stdin.removeListener('readable', onReadable);
    };
  }, [stdin, inputEvents, setRawMode, dispatch]);
}
