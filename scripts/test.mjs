// `npm test`: the type check and the linter side by side (each is one
// process on one core, and the machine has two), then every test file
// under test/ with node's test runner through tsx. Exit non-zero if any
// step fails; the tests do not start when a check has failed.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

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

const checks = await Promise.all([check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']), check('lint', bin('eslint'), ['--max-warnings', '0', '.'])]);
if (!checks.every(Boolean)) process.exit(1);

const files = testFiles(join(root, 'test')).sort();
const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files], { cwd: root, stdio: 'inherit' });
runner.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
