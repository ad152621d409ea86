// docs/library.md's `aep-console/testing` example, verbatim, against the sources:
// written to a scratch file and run by plain node (with
// test/support/self-import.mjs resolving the package's entry names to
// src/, as this run compiled it or through tsx), so it checks what a reader
// would run. The packed package runs it again in test/build/package.test.ts.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { LIBRARY_DOC, readmeExample } from '../support/readme.js';
import { compiledPath } from '../support/ts-child.js';
import { patient } from '../support/patience.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const selfImport = new URL('../support/self-import.mjs', import.meta.url).href;

test('the docs/library.md example of aep-console/testing runs green with node', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'aep-testing-readme-'));
  try {
    const file = join(scratch, 'agent.test.mjs');
    const example = readmeExample('A scripted agent for your tests', readFileSync(LIBRARY_DOC, 'utf8'));
    assert.match(example, /from 'aep-console\/testing'/);
    writeFileSync(file, example);
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => key !== 'NODE_TEST_CONTEXT' && key !== 'NODE_OPTIONS'),
    );
    // The sources as this run compiled them, when it did (self-import-hooks.mjs resolves to them then), else through tsx.
    const compiler = compiledPath(join(root, 'src/index.ts')) ? ['--enable-source-maps'] : ['--import', 'tsx'];
    const result = await run(process.execPath, [...compiler, '--import', selfImport, file], {
      cwd: root,
      env,
      timeout: patient(30_000),
    }).catch((error: { code?: unknown; signal?: unknown; stdout?: string; stderr?: string }) => {
      assert.fail(
        `the example failed (exit ${String(error.code)}, signal ${String(error.signal)}):\n${error.stdout ?? ''}${error.stderr ?? ''}`,
      );
    });
    assert.equal(result.stderr, '');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
