// Each of the bundle's patches of Ink and its tokenizer, alone: Ink built
// with only that one draws the table of frames (frame-table.ts) as Ink
// itself does, so no patch leans on another to draw right.
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs build script, without types
import { TOKENIZE_PATCHES } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { INK_PATCHES } from '../../scripts/ink-caches.mjs';
import { drawsAsInk, patchedInk } from './frame-table.js';
import { pluginOf, type PatchEntry } from './patched-build.js';

const EACH: Array<[string, PatchEntry[]]> = Object.entries({ ...INK_PATCHES, ...TOKENIZE_PATCHES } as Record<
  string,
  PatchEntry[]
>);

for (const [name, entries] of EACH) {
  test(`Ink built with only the ${name} patch draws every frame as Ink itself does`, async (t) => {
    const { ink } = await patchedInk(t, [pluginOf(name, entries)]);
    // One frame of the random rows (ink-patches.test.ts draws them all, with every patch).
    await drawsAsInk(t, ink, 1);
  });
}
