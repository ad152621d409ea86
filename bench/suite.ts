// The test suite's own figure: `npm test` on a cold clone of HEAD (its
// commits, not the working tree's edits), as a contributor's first run is:
// no dist/ but the one `npm ci` builds, no caches of any tool. `npm ci`
// (offline where npm's cache has the packages) is not timed; `npm test` is,
// wall clock and the CPU its process tree used (user + sys, from the shell's
// `times`), since on a shared machine the CPU figure moves less than the wall.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { round, type Row } from './child-run.js';

const root = new URL('..', import.meta.url).pathname;

/**
 * The environment of a fresh shell: without this bench's NODE_ENV (npm ci
 * would leave the devDependencies out, and the tests run React as they
 * choose), npm's per-script variables or a CI flag.
 */
function freshEnv(): NodeJS.ProcessEnv {
  const dropped =
    /^(NODE_ENV|NODE_OPTIONS|CI|CONTINUOUS_INTEGRATION|INIT_CWD|npm_config_local_prefix)$|^(npm_package_|npm_lifecycle_)/;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !dropped.test(key)));
}

/** Runs `script` with sh in `cwd`; resolves with its exit code, wall seconds and the CPU seconds `times` reports for its children. */
function timedShell(script: string, cwd: string): Promise<{ code: number; wallS: number; cpuS: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // `times` prints the shell's own user and sys time, then its children's (npm test and everything under it).
    const child = spawn('sh', ['-c', `${script}; status=$?; times; exit $status`], {
      cwd,
      env: freshEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallS = (performance.now() - started) / 1000;
      const seconds = (text: string) => {
        const match = /^(?:(\d+)m)?([\d.]+)s$/.exec(text);
        return match ? Number(match[1] ?? 0) * 60 + Number(match[2]) : NaN;
      };
      const children = out.trim().split('\n').at(-1)?.trim().split(/\s+/) ?? [];
      resolve({ code: code ?? 1, wallS, cpuS: seconds(children[0] ?? '') + seconds(children[1] ?? '') });
    });
  });
}

/** Clones HEAD into a scratch folder, installs it untimed, times `npm test` there; the folder goes whatever happens. */
export async function suiteFigures(row: Row): Promise<{ npmTestColdS?: number; npmTestColdCpuS?: number }> {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const scratch = mkdtempSync(join(tmpdir(), 'aep-bench-suite-'));
  const clone = join(scratch, 'clone');
  try {
    execFileSync('git', ['clone', '-q', '--no-checkout', root, clone], { stdio: 'ignore' });
    execFileSync('git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', head], { cwd: clone, stdio: 'ignore' });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: clone,
      env: freshEnv(),
      stdio: 'ignore',
    });
    const log = join(scratch, 'npm-test.log');
    const { code, wallS, cpuS } = await timedShell(`npm test > ${JSON.stringify(log)} 2>&1`, clone);
    if (code !== 0) {
      const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
      row(`npm test on a cold clone of ${head.slice(0, 8)}`, `failed (exit ${code}), not a figure:\n${tail}`);
      return {};
    }
    const tests = /ℹ tests (\d+)/.exec(readFileSync(log, 'utf8'))?.[1] ?? '?';
    row(
      `npm test on a cold clone of ${head.slice(0, 8)} (${tests} tests)`,
      `${round(wallS)} s wall, ${round(cpuS)} s CPU (user + sys)`,
      '≤ 90 s wall',
    );
    return { npmTestColdS: wallS, npmTestColdCpuS: cpuS };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
