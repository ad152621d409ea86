// The corpus the tests carry (test/fixtures/aep/) must be the one the
// workspace's protocol material holds, byte for byte, when that material is
// beside the checkout (../shared/aep/ from the repository root). A clone on
// its own has no such folder: the comparison is then skipped, saying why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { corpusDir } from './fixtures.js';

const workspace = new URL('../../../shared/aep/fixtures/', import.meta.url);
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

test(
  'the carried corpus is byte-identical to the workspace copy',
  { skip: existsSync(workspace) ? false : `no ${workspace.pathname} beside this checkout (a clone on its own)` },
  () => {
    for (const name of carried) {
      assert.ok(existsSync(new URL(name, workspace)), `${name} is in the workspace copy`);
      assert.ok(
        readFileSync(new URL(name, corpusDir)).equals(readFileSync(new URL(name, workspace))),
        `${name} differs from the workspace copy`,
      );
    }
  },
);
