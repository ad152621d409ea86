// A smaller bench entry point: the soak figure alone (live heap per simulated hour), as `npm run bench` runs it.
// NODE_ENV=production node --import tsx bench/soak.ts
import { execFileSync } from 'node:child_process';
import { bundleChild } from './build-child.js';

const { CI: _ci, CONTINUOUS_INTEGRATION: _continuous, ...env } = process.env;
const child = await bundleChild('./soak-child.ts');
const out = execFileSync(process.execPath, ['--expose-gc', child, '100', '30', '2'], {
  encoding: 'utf8',
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
process.stdout.write(`${out.split('\n').find((l) => l.startsWith('{'))}\n`);
