// Bench child: Ink's own first frame, the floor under the console's. React,
// Ink and Yoga bundled with the console's patches of Ink, as an ES module
// without a code cache (build-child.ts), fetch hidden while they load
// (Yoga then makes its WebAssembly from the bytes it holds, as the
// shipped bundle does, instead of loading Node's HTTP client), then one
// <Text> frame of a screen's rows with the console's last words ("q quit",
// the marker the bench waits for). What the console adds to this is its own.
Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
await import('./ink-start-frame.js');
