// `npm test`: the type check and the linter side by side (each is one
// process on one core, and the machine has two), with the one build of the
// command line that the tests' child processes share
// (scripts/cli-for-tests.mjs); then every test file under test/ with node's
// test runner through tsx. Exit non-zero if any step fails; the tests do
// not start when a check has failed.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stop as stopEsbuild } from 'esbuild';
import { buildCliForTests } from './cli-for-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs a command, its output held back and printed whole when it ends (the two checks never interleave). */
function check(name, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('error', (error) => out.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString();
      process.stdout.write(`> ${name}${code === 0 ? '' : ` failed (exit ${code})`}\n${text}`);
      resolve(code === 0);
    });
  });
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

const cliDir = mkdtempSync(join(tmpdir(), 'aep-console-test-cli-'));
const cleanUp = () => rmSync(cliDir, { recursive: true, force: true });
process.once('exit', cleanUp);
const [typecheck, lint, cli] = await Promise.all([
  check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  check('lint', bin('eslint'), ['--max-warnings', '0', '.']),
  buildCliForTests(cliDir).catch((error) => {
    process.stdout.write(`> the command line for the tests failed to build\n${error.message}\n`);
    return undefined;
  }),
]);
// esbuild's service process is not needed past the build: ended now, it does not outlive npm test.
await stopEsbuild();
if (!typecheck || !lint || !cli) process.exit(1);

const files = testFiles(join(root, 'test')).sort();
const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, AEP_CONSOLE_TEST_CLI: cli },
});
// Ctrl-C reaches the runner too (one process group); the build is removed as this process ends.
runner.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
