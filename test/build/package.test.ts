// The package as a consumer gets it (scripts/package-for-tests.mjs: `npm
// pack`, which runs the real build, and the tarball installed into an empty
// project beside ink-testing-library, Ink and React at our lockfile's
// versions); then the shipped bin (the one esbuild bundle) runs against the
// demo relay, every code block of the README and docs/library.md marked to
// run (```sh run, ```js run) runs there verbatim (sh, plain node), and a
// TypeScript file using the three entries type-checks under nodenext. One
// build, one tarball, one install for all of them, and the checks run side
// by side: the slowest (tsc) need not wait for the others. No step has a
// time limit of its own: how long they take is the machine's business (a
// busy two-core machine took minutes), and a step that never ends is the
// test runner's limit to end.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error: a plain .mjs build script, without types
import { freshEnv as fresh, packForTests, packedIn } from '../../scripts/package-for-tests.mjs';
import { startDemo } from '../../src/demo/fleet.js';
import { runnableBlocks } from '../support/readme.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

type Packed = { ok: true; consumer: string; tarball: string } | { ok: false; error: string };

/** Children run as from a fresh shell (scripts/package-for-tests.mjs says what is dropped and why). */
const freshEnv = fresh as () => NodeJS.ProcessEnv;

/** The scratch folder this file made itself (outside npm test), removed when it ends. */
let ownScratch: string | undefined;
after(() => {
  if (ownScratch !== undefined) rmSync(ownScratch, { recursive: true, force: true });
});

/**
 * The package packed and installed once for this file: by npm test, first
 * thing and beside the checks (scripts/test.mjs hands its folder over in
 * AEP_TEST_PACKAGE), waited for here with no limit of the file's own; run
 * outside npm test, packed here, as slowly as the machine needs.
 */
async function packed(): Promise<{ consumer: string; tarball: string; scratch: string }> {
  const given = process.env.AEP_TEST_PACKAGE;
  if (given !== undefined) {
    const outcome = (await packedIn(given)) as Packed;
    if (!outcome.ok) assert.fail(`the package did not pack and install:\n${outcome.error}`);
    return { ...outcome, scratch: given };
  }
  const scratch = mkdtempSync(join(tmpdir(), 'aep-package-'));
  ownScratch = scratch;
  return { ...((await packForTests(scratch)) as { consumer: string; tarball: string }), scratch };
}

describe('the packed package', { concurrency: true }, () => {
  let consumer = '';
  let scratch = '';
  let tarball = '';
  before(async () => {
    ({ consumer, scratch, tarball } = await packed());
  });

  it("the tarball ships the built entries and the bin, and uses the consumer's React", async () => {
    const installed = join(consumer, 'node_modules/aep-console');
    for (const file of [
      'LICENSE',
      'dist/cli.cjs',
      'dist/boot.cjs',
      'dist/lib/index.js',
      'dist/lib/index.d.ts',
      'dist/lib/demo/index.js',
      'dist/lib/demo/index.d.ts',
      'dist/lib/testing/index.js',
      'dist/lib/testing/index.d.ts',
    ]) {
      assert.ok(existsSync(join(installed, file)), file);
    }
    assert.ok(!existsSync(join(installed, 'src')), 'no sources in the package');
    assert.ok(
      !existsSync(join(installed, 'node_modules/react')) && !existsSync(join(installed, 'node_modules/ink')),
      "one React and one Ink: the consumer's",
    );
    const version = await run(process.execPath, [join(consumer, 'node_modules/.bin/aep-console'), '--version'], {
      cwd: consumer,
      env: freshEnv(),
    });
    assert.equal(version.stdout.trim(), JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    assert.equal(
      readFileSync(join(installed, 'LICENSE'), 'utf8'),
      readFileSync(join(root, 'LICENSE'), 'utf8'),
      'the license ships',
    );
  });

  it('the shipped bin, the bundle alone, lists the demo relay without showing the token', async (t) => {
    const installed = join(consumer, 'node_modules/aep-console');
    assert.deepEqual(
      readdirSync(join(installed, 'dist'))
        .filter((name) => /\.c?js$/.test(name))
        .sort(),
      ['boot.cjs', 'cli.cjs'],
      'one bundled entry, and the loader that reads it with its code cache',
    );
    const demo = await startDemo();
    t.after(() => demo.close());
    const listed = await run(
      process.execPath,
      [join(consumer, 'node_modules/.bin/aep-console'), 'list', '--json', '--relay', demo.relayUrl],
      {
        cwd: consumer,
        env: { ...freshEnv(), AEP_TOKEN: demo.token, NODE_ENV: '' },
      },
    );
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { state: string; agent: string });
    assert.ok(
      rows.some((row) => row.state === 'pending'),
      listed.stdout,
    );
    assert.ok(!listed.stdout.includes(demo.token) && !listed.stderr.includes(demo.token));
  });

  it('the README names the tarball npm pack writes, and the man page ships', () => {
    assert.ok(
      readFileSync(join(root, 'README.md'), 'utf8').includes(`../aep-console/${tarball}`),
      `the README installs ${tarball}`,
    );
    assert.equal(
      readFileSync(join(consumer, 'node_modules/aep-console/man/aep-console.1'), 'utf8'),
      readFileSync(join(root, 'man/aep-console.1'), 'utf8'),
    );
  });

  it("the README's commands marked to run run verbatim against a relay with one request waiting", async (t) => {
    const blocks = runnableBlocks(readFileSync(join(root, 'README.md'), 'utf8'));
    assert.ok(
      blocks.length >= 1 && blocks.every((block) => block.language === 'sh'),
      "the README's runnable blocks are shell",
    );
    const demo = await startDemo({ agents: ['codex'], script: 'none' });
    t.after(() => demo.close());
    const id = demo.agents[0].raise({
      kind: 'permission',
      prompt: 'Run `npm test`?',
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
    });
    // As a reader who exported the relay and its token; the state (the decision history) in the scratch folder, npx offline.
    const state = mkdtempSync(join(scratch, 'state-'));
    const env = {
      ...freshEnv(),
      AEP_RELAY: demo.relayUrl,
      AEP_TOKEN: demo.token,
      XDG_STATE_HOME: state,
      XDG_CONFIG_HOME: state,
      npm_config_offline: 'true',
      NODE_ENV: '',
    };
    let out = '';
    for (const { code } of blocks) {
      const result = await run('sh', ['-e', '-c', code], { cwd: consumer, env }).catch(
        (error: { code?: unknown; stdout?: string; stderr?: string }) => {
          assert.fail(
            `the README block failed (exit ${String(error.code)}):\n${code}\n${error.stdout ?? ''}${error.stderr ?? ''}`,
          );
        },
      );
      out += result.stdout;
    }
    assert.ok(out.includes('Run `npm test`?') && out.includes(id), out);
    // respond exited 0: the agent applied the answer, so its command is in.
    const command = demo.agents[0].received.find((c) => c.subject === id && c.type === 'control.attention.respond');
    assert.deepEqual(command?.data, { answer: { option: 'allow' } });
    assert.ok(!out.includes(demo.token));
  });

  const library = runnableBlocks(readFileSync(join(root, 'docs/library.md'), 'utf8'));
  it('docs/library.md has its examples marked to run', () =>
    assert.ok(library.length >= 2 && library.every((block) => block.language === 'js')));
  library.forEach(({ code }, index) => {
    it(`docs/library.md's example ${index + 1} runs green with node against the installed package`, async () => {
      const file = join(consumer, `example-${index + 1}.test.mjs`);
      writeFileSync(file, code);
      // It must also end by itself: a handle left open would hold node, and the test, until the runner's limit.
      const result = await run(process.execPath, [file], { cwd: consumer, env: freshEnv() }).catch(
        (error: { code?: unknown; signal?: unknown; stdout?: string; stderr?: string }) => {
          assert.fail(
            `the example failed (exit ${String(error.code)}, signal ${String(error.signal)}):\n${error.stdout ?? ''}${error.stderr ?? ''}`,
          );
        },
      );
      assert.equal(result.stderr, '');
    });
  });

  it('a TypeScript consumer type-checks the three entries under moduleResolution nodenext', async () => {
    writeFileSync(
      join(consumer, 'typed.ts'),
      `import React from 'react';
import { App, ConsoleStore, RelayClient, connect, parseEvent, displayLine, type AppProps, type AepEvent } from 'aep-console';
import { startDemo, type Demo, type DemoAgent } from 'aep-console/demo';
import { createTestAgent, waitForFrame, type Answered, type Raised, type TestAgent } from 'aep-console/testing';

const demo: Demo = await startDemo({ agents: ['codex'], script: 'none' });
const agent: DemoAgent = demo.agents[0];
const store = new ConsoleStore();
const client = new RelayClient({ url: demo.url, token: demo.token, name: 'typed', store });
const props: AppProps = { store, clients: [client], size: { columns: 80, rows: 24 }, tickMs: 0 };
const element: React.ReactElement = React.createElement(App, props);
const id: string = agent.raise({ kind: 'input', prompt: 'Which branch?' });
const command: AepEvent = await agent.waitForCommand((c) => c.subject === id, { timeoutMs: 1000 });
const wired: { stop(): Promise<void> } = connect({ relays: [demo.url], token: () => demo.token });
const scripted: TestAgent = await createTestAgent({ relay: demo.url, token: demo.token, agent: 'typed-agent', session: 's_typed' });
const raised: Raised = scripted.raise({ kind: 'form', prompt: 'Size?', fields: [{ id: 'n', type: 'number', label: 'N' }] });
const raisedId: string = raised.id;
const answered: Answered = await raised;
const frame: string = await waitForFrame({ lastFrame: () => 'x' }, /x/, { timeout: 1 });
const parsed = parseEvent('{}');
const line: string = parsed.ok ? displayLine(parsed.event.type) : parsed.reason;
void [element, command, wired, line, raisedId, answered.answer.values, frame];
`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          // Our .d.ts files are checked too, not only the consumer's file
          // (TypeScript's own lib files need no checking here).
          skipLibCheck: false,
          skipDefaultLibCheck: true,
          types: ['node'],
        },
        files: ['typed.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    await run(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.json')], { cwd: consumer }).catch(
      (error: { stdout?: string }) => {
        assert.fail(`tsc found errors:\n${error.stdout ?? ''}`);
      },
    );
  });
});
