// The package as a consumer gets it, made once for test/build/package.test.ts:
// `npm pack` (which runs the real build) in a scratch copy of the sources, and
// the tarball installed into an empty project beside ink-testing-library,
// Ink and React at our lockfile's versions. scripts/test.mjs starts it first
// thing, beside the checks, and the test waits for it with no timer of its
// own: packing and installing is most of a minute of two cores' CPU, and on a
// busy machine several, which no fixed limit inside a test can know.
// Everything happens in the scratch folder, so the repository's own dist/ is
// never rebuilt under tests that may be running it.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** What the package's sources are: the files `npm pack` reads, and the build's inputs. */
const SOURCES = [
  'package.json',
  'README.md',
  'LICENSE',
  'tsconfig.json',
  'tsconfig.lib.json',
  'bin',
  'man',
  'scripts',
  'src',
];

/** The peers a consumer installs beside the package, at the versions we test with. */
const PEERS = ['ink-testing-library', 'ink', 'react', '@types/react', '@types/node'];

/**
 * The environment of a fresh shell: without an npm script's own variables
 * (npm_package_*, npm_lifecycle_*, the project's prefix) or a test runner's
 * (NODE_TEST_CONTEXT, tsx's NODE_OPTIONS). The user's npm settings
 * (npm_config_cache, registry, cafile, proxy) are kept: installs work
 * offline from the cache `npm ci` filled, and behind the same proxy. The
 * user's extra certificates, which npm test keeps from its test processes
 * (scripts/test.mjs), are handed back.
 */
export function freshEnv(env = process.env) {
  const dropped =
    /^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|INIT_CWD$|NODE_TEST_CONTEXT$|NODE_OPTIONS$|AEP_TEST_EXTRA_CA_CERTS$)/;
  const kept = Object.fromEntries(Object.entries(env).filter(([key]) => !dropped.test(key)));
  const extraCaCerts = env.AEP_TEST_EXTRA_CA_CERTS;
  return extraCaCerts === undefined ? kept : { ...kept, NODE_EXTRA_CA_CERTS: extraCaCerts };
}

function lockedVersion(name) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`${name} is not in package-lock.json`);
  return entry.version;
}

/** Runs npm in `cwd`; rejects with what it printed. `onChild` is handed the process (to stop it with the run). */
function npm(args, cwd, env, onChild) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'npm',
      [...args, '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd, env, maxBuffer: 16 << 20 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`npm ${args[0]} failed (exit ${error.code ?? error.signal}):\n${stdout}${stderr}`))
          : resolve(),
    );
    onChild?.(child);
  });
}

/**
 * Packs the package and installs it into `<scratch>/consumer`; resolves with
 * the consumer's folder and the tarball's name (in `scratch`).
 */
export async function packForTests(scratch, { env = freshEnv(), onChild } = {}) {
  // The package's sources beside the repository's node_modules: `npm pack`
  // runs `prepare` (bundle + library build) there exactly as it does here.
  const source = join(scratch, 'package');
  mkdirSync(source, { recursive: true });
  for (const entry of SOURCES) cpSync(join(root, entry), join(source, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  // (--ignore-scripts=false: the build must run even if the caller's npm skips scripts.)
  await npm(['pack', '--ignore-scripts=false', '--pack-destination', scratch], source, env, onChild);
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  const consumer = join(scratch, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`,
  );
  const peers = PEERS.map((name) => `${name}@${lockedVersion(name)}`);
  await npm(['install', '--prefer-offline', join(scratch, tarball), ...peers], consumer, env, onChild);
  return { consumer, tarball };
}

/** Where the outcome of a packing is written, in its scratch folder. */
const OUTCOME = 'packed.json';

/** Packs into `scratch` and writes the outcome there whole (a rename), whether it worked or not. */
export async function packAndTell(scratch, options) {
  const outcome = await packForTests(scratch, options).then(
    (packed) => ({ ok: true, ...packed }),
    (error) => ({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
  writeFileSync(join(scratch, `${OUTCOME}.part`), JSON.stringify(outcome));
  renameSync(join(scratch, `${OUTCOME}.part`), join(scratch, OUTCOME));
  return outcome;
}

/**
 * The outcome packAndTell writes into `scratch`, once it is there: woken by
 * the folder's changes, not by a clock (no limit of its own; the test
 * runner's is the only one).
 */
export function packedIn(scratch) {
  return new Promise((resolve, reject) => {
    const read = () => {
      try {
        return JSON.parse(readFileSync(join(scratch, OUTCOME), 'utf8'));
      } catch (error) {
        if (error?.code === 'ENOENT') return undefined;
        throw error;
      }
    };
    const watcher = watch(scratch, () => {
      const outcome = read();
      if (outcome === undefined) return;
      watcher.close();
      resolve(outcome);
    });
    watcher.on('error', (error) => {
      watcher.close();
      reject(error);
    });
    // Written before the watch began: read it now.
    const already = read();
    if (already !== undefined) {
      watcher.close();
      resolve(already);
    }
  });
}
