// The README's examples as a reader copies them, for tests that run them verbatim.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

export const README = new URL('../../README.md', import.meta.url);

/** The first ```js block of the README section titled `heading` (a `## ` heading), exactly as written. */
export function readmeExample(heading: string, readme = readFileSync(README, 'utf8')): string {
  const start = readme.split('\n').findIndex((line) => line === `## ${heading}`);
  assert.ok(start >= 0, `README has a "${heading}" section`);
  const rest = readme.split('\n').slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  const section = (end < 0 ? rest : rest.slice(0, end)).join('\n');
  const block = /^```(\w*)\n([\s\S]*?)^```$/m.exec(section);
  assert.ok(block, `the "${heading}" section has a code block`);
  assert.equal(block[1], 'js', 'its first code block is JavaScript');
  return block[2];
}
