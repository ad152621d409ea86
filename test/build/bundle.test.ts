// The shipped bin runs one esbuild bundle, not the sources the other tests
// use: build it the same way into a scratch folder and drive it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startDemo } from '../../src/demo/fleet.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

test('the bundled bin prints its version and lists the demo relay', async (t) => {
  const scratch = mkdtempSync(join(tmpdir(), 'aep-bundle-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  mkdirSync(join(scratch, 'bin'));
  copyFileSync(join(root, 'bin/aep-console.js'), join(scratch, 'bin/aep-console.js'));
  copyFileSync(join(root, 'package.json'), join(scratch, 'package.json'));
  await run(process.execPath, [join(root, 'scripts/bundle.mjs'), '--outdir', join(scratch, 'dist')]);
  const bin = join(scratch, 'bin/aep-console.js');

  const version = await run(process.execPath, [bin, '--version']);
  assert.match(version.stdout.trim(), /^\d+\.\d+\.\d+$/);

  const demo = await startDemo();
  t.after(() => demo.close());
  const listed = await run(process.execPath, [bin, 'list', '--json', '--relay', demo.relayUrl], {
    env: { ...process.env, AEP_TOKEN: demo.token, NODE_ENV: '' },
  });
  const rows = listed.stdout.trim().split('\n').map((line) => JSON.parse(line) as { state: string; agent: string });
  assert.ok(rows.some((row) => row.state === 'pending'), listed.stdout);
  assert.ok(!listed.stdout.includes(demo.token) && !listed.stderr.includes(demo.token));
});
