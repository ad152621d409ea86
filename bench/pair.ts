// npm run bench:pair: the bench as A and as B, run by turns on one machine,
// each figure's median for both and B/A. For an ablation (docs/performance.md,
// "Ablations"): A the console as it is, B built without one patch
// (AEP_ABLATE, scripts/ablate.mjs) or a checkout with a structure swapped
// out. Runs alternate A B, B A, A B, …, so a drift of the machine's speed
// weighs on both alike. Each run is a whole `npm run bench` process (its
// own bundles, children and medians); AEP_BENCH_ONLY picks its parts as it
// does for the bench.
//
//   node --import tsx bench/pair.ts [--runs N] [--a DIR] [--b DIR] [--a-env K=V]... [--b-env K=V]...
//
// DIR defaults to this checkout (B's to A's). The last line is one JSON object:
// { runs, a: {figure: median}, b: {…}, ratio: {figure: B/A} }.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './frames.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    a: { type: 'string' },
    b: { type: 'string' },
    'a-env': { type: 'string', multiple: true, default: [] },
    'b-env': { type: 'string', multiple: true, default: [] },
  },
});

const here = new URL('..', import.meta.url).pathname;
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: not a count: ${values.runs}`);

function envOf(pairs: string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`not NAME=VALUE: ${pair}`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

interface Side {
  name: 'a' | 'b';
  dir: string;
  env: NodeJS.ProcessEnv;
  figures: Record<string, number>[];
}

const a: Side = { name: 'a', dir: resolve(values.a ?? here), env: envOf(values['a-env']), figures: [] };
const b: Side = { name: 'b', dir: resolve(values.b ?? values.a ?? here), env: envOf(values['b-env']), figures: [] };

/** One bench run of `side`: its figures (the bench's last line). */
function benchOnce(side: Side): Record<string, number> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
    cwd: side.dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // The bench's own environment (npm run bench sets NODE_ENV), then the side's.
    env: { ...process.env, NODE_ENV: 'production', ...side.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = out.trimEnd().split('\n').at(-1) ?? '';
  if (!last.startsWith('{')) throw new Error(`bench (${side.name}) printed no figures: ${out.slice(-400)}`);
  return JSON.parse(last) as Record<string, number>;
}

const say = (text: string) => process.stdout.write(`${text}\n`);
say(`A: ${a.dir} ${JSON.stringify(a.env)}`);
say(`B: ${b.dir} ${JSON.stringify(b.env)}`);
for (let i = 0; i < runs; i++) {
  for (const side of i % 2 === 0 ? [a, b] : [b, a]) {
    side.figures.push(benchOnce(side));
    say(`  run ${i + 1}/${runs} ${side.name.toUpperCase()} done`);
  }
}

const medians = (side: Side) => {
  const names = new Set(side.figures.flatMap((figures) => Object.keys(figures)));
  return Object.fromEntries(
    [...names].map((name) => [name, median(side.figures.map((figures) => figures[name]).filter(Number.isFinite))]),
  );
};
const ma = medians(a);
const mb = medians(b);
const ratio: Record<string, number> = {};
const width = Math.max(...Object.keys(ma).map((name) => name.length));
say('');
say(`${'figure'.padEnd(width)}  ${'A median'.padStart(12)}  ${'B median'.padStart(12)}  B/A`);
for (const name of Object.keys(ma)) {
  if (!(name in mb)) continue;
  ratio[name] = Number((mb[name] / ma[name]).toFixed(3));
  const shown = (value: number) => String(Number(value.toFixed(2))).padStart(12);
  say(`${name.padEnd(width)}  ${shown(ma[name])}  ${shown(mb[name])}  ${ratio[name]}`);
}
say(JSON.stringify({ runs, a: ma, b: mb, ratio }));
