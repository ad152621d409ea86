// How V8 sizes the console's heap. Left to its defaults, V8 grows the young
// generation to 16 MB a half while a replay of thousands of Events is folded
// (everything folded survives, which reads to V8 as a reason to grow), and
// lets the old generation reach about four times what was live at its last
// collection before it collects again. Neither gives the memory back in time
// to matter: with 10,000 pending the console peaked near 135 MB, of which
// about 20 MB was live. A console runs for hours beside the agents it
// answers, on laptops and small VMs, and its work comes in short bursts (a
// replay, a key); so it keeps the young generation at the size it starts
// with, and collects the old one once it holds 2.25 times what was live at
// its last collection. The cost, more scavenges and collections during a
// large replay, was measured with the bench (docs/performance.md): the peak
// falls to 95–98 MB. The old generation's limit is the one that weighs on a
// replay (each collection marks everything live, and a store growing to
// 50,000 requests passes limit after limit): at 1.5 times, the setting
// before, the peak was 2–3 MB lower and a 50,000-Event replay took a seventh
// more CPU.
//
// The flags are V8's own and read by it whenever it grows either space, so
// they take effect when set at run time. V8 prints an unknown flag to the
// terminal (over the frame), so they are set only on the V8 versions known
// to have both: Node 20 to 24.

import { createRequire } from 'node:module';

/** Made when first needed, after the first frame (it reads the module's url). */
let require: NodeJS.Require | undefined;

/** The V8 flags set, in the order given to V8. */
export const HEAP_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=125'] as const;

/** V8 major versions (Node 20 to 24) whose flag list was checked to hold every one of HEAP_FLAGS. */
const KNOWN_V8 = new Set([11, 12, 13]);

/**
 * Sets HEAP_FLAGS when this V8 is one of KNOWN_V8; returns whether it did.
 * Costs node:v8's load (about a millisecond), so it is called after the
 * first frame is drawn, before Events are taken in.
 */
export function shapeHeap(v8Version: string = process.versions.v8): boolean {
  if (!KNOWN_V8.has(Number.parseInt(v8Version, 10))) return false;
  const v8 = (require ??= createRequire(import.meta.url))('node:v8') as typeof import('node:v8');
  for (const flag of HEAP_FLAGS) v8.setFlagsFromString(flag);
  return true;
}
