// `npm test`: the type check, the linter and the formatter's check side by
// side (each is one process on one core, and the machine has two), with the one build of the
// command line that the tests' child processes share
// (scripts/cli-for-tests.mjs); every test file under test/ with node's
// test runner, as JavaScript compiled once into a mirror of the tree
// (scripts/test-tree.mjs), started once both are built, beside the
// checks. Exit non-zero if any step fails; a check that fails stops the
// tests. The files share a few processes where
// they can (scripts/test-plan.mjs says which and why): AEP_TEST_GROUPS=0 runs
// every file alone as before, AEP_TEST_SHUFFLE=SEED deals and orders them
// differently (to show that no file's tests lean on another's), and
// AEP_TEST_FILES=a,b runs only the files whose paths hold one of those.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stop as stopEsbuild } from 'esbuild';
import { buildCliForTests } from './cli-for-tests.mjs';
import { freshEnv, packAndTell } from './package-for-tests.mjs';
import { awaitingHelpers, planTests, shuffled } from './test-plan.mjs';
import { buildTestTree, compiledName, filesUnder } from './test-tree.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * Ctrl-C reaches every child from the terminal (one process group); a signal
 * sent to this process alone is passed on. Either way this process leaves
 * once its children have, through process.exit, so the scratch folder with
 * the build and the group entries is removed (a death by the signal would skip
 * the exit handler).
 */
const children = new Set();
let stopped = false;
/** The test runner, once started: it leads a process group of its own. */
let runner;
/** Signals `child`'s process group when it leads one (the test runner), or the child alone. */
function stopGroup(child, signal) {
  try {
    if (child === runner) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Gone already.
  }
}
/** Stops every child still running (the packing's npm among them) and the test runner's group. */
function stopAll() {
  for (const child of children) stopGroup(child, 'SIGTERM');
}
function track(child) {
  children.add(child);
  child.on('close', () => children.delete(child));
  return child;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopped = true;
    for (const child of children) stopGroup(child, signal);
  });
}

// Node 20 reads and parses the certificates NODE_EXTRA_CA_CERTS names as each
// process starts, whether or not it ever opens a TLS connection: with the
// system's bundle (220 kB, as some machines set it) that is about 40 ms of CPU
// in each of the two hundred node processes a run starts (the checks, the test
// processes and their children), 8 s in all. None of them verifies a
// certificate against it (the TLS tests make their own authority and pass it
// with --ca or in the environment they hand the console), so they run without
// it. The packed package's test hands it back, as AEP_TEST_EXTRA_CA_CERTS, to
// what it runs as a user's shell would (npm behind a proxy needs it).
const { NODE_EXTRA_CA_CERTS: extraCaCerts, ...childEnv } = process.env;
if (extraCaCerts !== undefined) childEnv.AEP_TEST_EXTRA_CA_CERTS = extraCaCerts;

// The checks run at a lower priority (nice 10) than the tests: they are the
// one CPU work of the run that nothing waits on until the end, so the tests
// take the cores first and the checks take what the tests' waits leave idle
// (on child processes, pseudo-terminals, deadlines), which went unused once
// the checks were done. AEP_TEST_CHECK_NICE=0 runs them at the run's own.
const CHECK_NICE = Number(process.env.AEP_TEST_CHECK_NICE ?? 10);
// Once the tests are done the checks are all the run waits on, and at nice 10
// on a machine kept busy by other work they crawl: with two busy loops on the
// two cores the tests ended at 165 s and the checks at 399 s. Their priority
// is given back then where the system allows it (lowering a nice value needs
// root or a raised RLIMIT_NICE; elsewhere they finish as they are).
const niced = new Set();
function unniceChecks() {
  for (const child of niced) {
    try {
      setPriority(child.pid, 0);
    } catch {
      // Gone already, or not allowed.
    }
  }
}

/** Runs a command, its output held back and printed whole when it ends (the two checks never interleave). */
function check(name, command, args) {
  return new Promise((resolve) => {
    const child = track(spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] }));
    if (CHECK_NICE > 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, CHECK_NICE);
        niced.add(child);
        child.on('close', () => niced.delete(child));
      } catch {
        // Gone already, or not allowed: it runs at the run's own priority.
      }
    }
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
  return filesUnder(dir)
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => relative(root, path));
}

const cliDir = mkdtempSync(join(tmpdir(), 'aep-console-test-cli-'));
const cleanUp = () => rmSync(cliDir, { recursive: true, force: true });
// The tests' temporary folders (TMPDIR, so os.tmpdir() in the test processes
// and all they start) go inside this run's scratch folder and leave with it.
// Hundreds of tests make a folder there, and not every one removes its own;
// left in the system's /tmp, a run added some 460 folders to it, and with
// tens of thousands there, every build under /tmp (esbuild reads each
// parent folder's entries as it resolves) was slower: the patch tables took
// 20 s in a clone under /tmp against 13 s once /tmp was emptied, and a cold
// clone's npm test drifted by several seconds from one day to the next.
const testTmp = join(cliDir, 'tmp');
mkdirSync(testTmp, { mode: 0o700 });
process.once('exit', cleanUp);
const seed = process.env.AEP_TEST_SHUFFLE;
const only = process.env.AEP_TEST_FILES?.split(',').filter(Boolean);
const found = testFiles(join(root, 'test'))
  .sort()
  .filter((file) => !only || only.some((part) => file.includes(part)));
// The package as a consumer installs it (scripts/package-for-tests.mjs), for
// test/build/package.test.ts: packed and installed once, first thing, beside
// the checks, not inside a test where a limit on its time would be a guess
// at how busy the machine is. The test waits for its outcome in this folder.
const packageDir = join(cliDir, 'package');
const packing = found.includes('test/build/package.test.ts')
  ? (mkdirSync(packageDir), packAndTell(packageDir, { env: freshEnv(childEnv), onChild: track }))
  : undefined;
// (Its outcome not written at all, the folder gone under it: said here, the test waits on to the runner's limit.)
packing?.catch((error) => process.stdout.write(`> the package's outcome could not be written: ${error.message}\n`));
// The checks and the tests run side by side: the tests start as soon as the
// command line they share is built (a few seconds), not after the slowest
// check (most of a minute of the two cores' time, which the tests' waits on
// child processes and deadlines leave room for). A check that fails stops
// the tests and fails the run, as before; all must pass for npm test to.
const checks = Promise.all([
  check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  check('lint', bin('eslint'), ['--max-warnings', '0', '.']),
  // The tree as the formatter writes it (.prettierrc.json): `npm run format` fixes a file that is not.
  // TypeScript is read with the `babel-ts` parser (the config's override, so the check and `npm run format`
  // agree): the same output for every file here, without loading prettier's TypeScript parser (a quarter
  // less of the check's CPU, 13.3 -> 10.2 s).
  check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
]);
// The tests run as JavaScript, from a mirror of the tree built here (scripts/test-tree.mjs), beside the command line.
const tree = join(cliDir, 'tree');
const [cli, compiled] = await Promise.all([
  buildCliForTests(cliDir).catch((error) => {
    process.stdout.write(`> the command line for the tests failed to build\n${error.message}\n`);
    return undefined;
  }),
  buildTestTree(root, tree).catch((error) => {
    process.stdout.write(`> the sources failed to compile for the tests\n${error.message}\n`);
    return undefined;
  }),
]);
// esbuild's service process is not needed past the build: ended now, it does not outlive npm test.
await stopEsbuild();
if (stopped || !cli || compiled === undefined) {
  await checks;
  stopAll();
  process.exit(1);
}

const files = shuffled(found, seed);
const groupCount = Number(process.env.AEP_TEST_GROUPS ?? 4);
const plan = planTests(root, files, groupCount);
// One entry per group: each file's tests in a suite named for the file (the
// spec reporter then says which file a failing test is in), imported one
// after another into the entry's process. Ink is loaded first, by the entry
// itself: under it yoga-layout has a top-level await, and while that is in
// flight for the first file that imports Ink, every later file importing Ink
// would finish its evaluation in that first file's suite, its tests and
// hooks with it (a demo agent closed by another file's `after`). So are the
// helpers under test/ that await at their top level (test-plan.mjs: awaitingHelpers).
const inkEntry = import.meta.resolve('ink');
/** A file's JavaScript in the mirror. */
const inTree = (file) => join(tree, compiledName(file));
const fileUrl = (file) => JSON.stringify(pathToFileURL(inTree(file)).href);
function entryOf(group, name) {
  const entry = join(cliDir, `${name}.test.mjs`);
  const first = [JSON.stringify(inkEntry), ...awaitingHelpers(root, group).map(fileUrl)];
  const suites = group.map((file) => `describe(${JSON.stringify(file)}, () => import(${fileUrl(file)}));`);
  writeFileSync(
    entry,
    `import { describe } from 'node:test';\n${first.map((url) => `import ${url};\n`).join('')}${suites.join('\n')}\n`,
  );
  return entry;
}
const entries = plan.groups.map((group, index) => entryOf(group, `group-${index + 1}`));
// A long unit of several files (test-plan.mjs: LONG) is an entry too, its files in their order.
const long = plan.long.map((unit, index) => (Array.isArray(unit) ? entryOf(unit, `long-${index + 1}`) : inTree(unit)));
// The longest files first (each alone, or a few sharing a process), then
// the groups (those of the kinds that mostly wait first), then the short
// files alone: the slots end near each other. Three processes at once on two cores: several
// files mostly wait (on child processes, pseudo-terminals, a slow relay's
// deadlines), and a third slot fills those waits (97 s → 87 s wall, same
// CPU). AEP_TEST_CONCURRENCY=N sets another number.
const order = [...long, ...entries, ...plan.alone.map(inTree)];
if (seed !== undefined) process.stdout.write(`> test order shuffled with seed ${seed}\n`);
const aloneCount = plan.alone.length + plan.long.filter((unit) => !Array.isArray(unit)).length;
process.stdout.write(
  `> ${files.length} test files: ${aloneCount} alone, ${files.length - aloneCount} in ${order.length - aloneCount} shared processes\n`,
);
// Ink reads CI and CONTINUOUS_INTEGRATION once, when it loads, and with
// either set it writes no frame until exit (only the last one). CI services
// set CI=true; the tests assert what a terminal shows, frame by frame, so
// they run without those two, as the shipped bin runs on a terminal (it
// hides them while Ink loads: bin/aep-console.js, tested in
// test/cli/terminal-pty.test.ts with CI=true).
const { CI: _ci, CONTINUOUS_INTEGRATION: _continuous, ...testEnv } = childEnv;
// In a process group of its own, so that a failed check stops every test
// process with it (the runner's children and theirs), not the runner alone.
// (scripts/run-tests.mjs: node's runner, in this order; `node --test` would sort the files by path.)
runner = track(
  spawn(
    process.execPath,
    ['--enable-source-maps', join(root, 'scripts', 'run-tests.mjs'), process.env.AEP_TEST_CONCURRENCY ?? '3', ...order],
    {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: {
        ...testEnv,
        TMPDIR: testTmp,
        AEP_CONSOLE_TEST_CLI: cli,
        AEP_TEST_TREE: tree,
        ...(packing ? { AEP_TEST_PACKAGE: packageDir } : {}),
      },
    },
  ),
);
const tested = new Promise((resolve) => runner.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
void tested.then(unniceChecks);
const checked = await checks;
if (stopped || !checked.every(Boolean)) {
  if (!stopped) process.stdout.write('> a check failed: the tests are stopped\n');
  stopAll();
  await tested;
  process.exit(1);
}
const code = await tested;
// A process a test started and lost (its test process ended by the runner's
// limit, say) is still in the runner's process group: it goes with the run.
stopGroup(runner, 'SIGTERM');
process.exit(code);
