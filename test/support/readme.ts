// The README's and docs/library.md's examples as a reader copies them, for
// tests that run them verbatim. A block meant to run says so in its info
// string: ```js run, ```sh run (GitHub reads only the language).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

export const README = new URL('../../README.md', import.meta.url);
export const LIBRARY_DOC = new URL('../../docs/library.md', import.meta.url);

const BLOCK = /^```(\w*)( run)?\n([\s\S]*?)^```$/gm;

/** The first ```js block of the section titled `heading` (a `## ` heading), exactly as written. */
export function readmeExample(heading: string, readme = readFileSync(README, 'utf8')): string {
  const start = readme.split('\n').findIndex((line) => line === `## ${heading}`);
  assert.ok(start >= 0, `the document has a "${heading}" section`);
  const rest = readme.split('\n').slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  const section = (end < 0 ? rest : rest.slice(0, end)).join('\n');
  const block = new RegExp(BLOCK.source, 'm').exec(section);
  assert.ok(block, `the "${heading}" section has a code block`);
  assert.equal(block[1], 'js', 'its first code block is JavaScript');
  return block[3];
}

/** Every block marked to run (```js run, ```sh run), in order, exactly as written. */
export function runnableBlocks(markdown: string): { language: string; code: string }[] {
  return [...markdown.matchAll(BLOCK)]
    .filter((block) => block[2])
    .map((block) => ({ language: block[1], code: block[3] }));
}
