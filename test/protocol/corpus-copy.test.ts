// The corpus the tests carry (test/fixtures/aep/) is the upstream one, byte
// for byte: each file's SHA-256 as it was copied is recorded here (and in the
// corpus's README), so an edit to a carried file fails, in any clone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { corpusDir } from './fixtures.js';

/** SHA-256 of each file as copied from the upstream commit the README names. */
const COPIED: Record<string, string> = {
  'capture-gating-cases.json': '122264117a1faa88000d4f2a5ca8ea1e7d2be1dd6d52c406e157bbf833d19979',
  'golden.jsonl': '6042952b4611275c4714df41e5d01fddeb922ad9a4efe06ae7c2d7f24b00d3bb',
  'invalid-cases.json': '3d8270ad978a42ab663eee541dbc6ea127c975bab2c4ceca1160028f38b5e68c',
};
const carried = readdirSync(corpusDir)
  .filter((name) => name !== 'README.md')
  .sort();

test('the carried corpus names its provenance and license for every file', () => {
  const readme = readFileSync(new URL('README.md', corpusDir), 'utf8');
  assert.deepEqual(carried, ['capture-gating-cases.json', 'golden.jsonl', 'invalid-cases.json']);
  for (const name of carried) assert.ok(readme.includes(`\`${name}\``), `README.md names ${name}`);
  assert.match(readme, /commit\s+`[0-9a-f]{40}`/);
  assert.match(readme, /Apache License 2\.0/);
  assert.match(
    readFileSync(new URL('../../LICENSE', import.meta.url), 'utf8'),
    /Apache License\s+Version 2\.0, January 2004/,
  );
});

test('the carried corpus is byte-identical to the copy taken (its recorded SHA-256)', () => {
  const readme = readFileSync(new URL('README.md', corpusDir), 'utf8');
  for (const name of carried) {
    const sha = createHash('sha256')
      .update(readFileSync(new URL(name, corpusDir)))
      .digest('hex');
    assert.equal(sha, COPIED[name], `${name} changed since it was copied`);
    assert.ok(readme.includes(sha), `README.md records ${name}'s hash`);
  }
});
