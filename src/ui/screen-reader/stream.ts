// The terminal as the screen-reader surface gives it to Ink: the same
// stream, except that it does not say it is a TTY. Ink then wraps no frame
// in synchronized-output marks (it writes that pair on every render, even
// one that changes nothing: bytes a screen reader has no use for, every
// tick) and leaves the cursor shown, where the last sentence ends.
export function spokenStream(terminal: NodeJS.WriteStream): NodeJS.WriteStream {
  return new Proxy(terminal, {
    get(target, property) {
      if (property === 'isTTY') return false;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
