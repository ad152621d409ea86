// Which test files share a process and which run alone, for scripts/test.mjs.
//
// Loading tsx, Ink and React costs each test process close to a second of
// CPU before its first test; most files then run for a few milliseconds. So
// the files that touch nothing process-wide are imported by a few shared
// entries (one node process each, every file's tests inside a suite named
// for the file, one file after another), and a file runs in a process of its
// own when it, or a helper under test/ that it imports, touches state a
// neighbour would see: mocked timers, process listeners, the environment,
// the real stdin or stdout, chalk's color level, child processes (and, with them, the PTY tests
// that are long anyway). The rule reads the sources, so a new file that
// needs a process of its own gets one without being listed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** What puts a file in a process of its own, each with the reason given when asked. */
const HAZARDS = [
  [/\bmock\.timers\b/, 'mocks the timers'],
  [/\bprocess\.(on|once|addListener|prependListener|removeAllListeners|emit|setUncaughtExceptionCaptureCallback)\(/, 'adds process listeners'],
  [/\bprocess\.env(\.[A-Za-z_]+|\[[^\]]+\])\s*=[^=]|\bdelete\s+process\.env/, 'changes the environment'],
  [/\bprocess\.(stdin|stdout|stderr|exitCode|exit|chdir|umask|kill)\b/, 'uses the process\'s own streams or state'],
  [/(?<![.\w])(spawn|spawnSync|execFile|execFileSync|exec|execSync|fork)\(/, 'runs child processes'],
  [/\bglobalThis\.[A-Za-z_]+\s*=[^=]/, 'changes a global'],
  // A package's module is one instance per process: chalk's color level set by one file would style every later file's frames.
  [/\bchalk\.level\s*=[^=]/, 'sets chalk\'s color level'],
];

/** Relative imports of a source file that resolve to files under test/ (not src/: src runs the same in every process). */
function testImports(root, file) {
  const source = readFileSync(join(root, file), 'utf8');
  const found = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const base = join(dirname(file), match[1]);
    const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts')];
    const hit = candidates.find((candidate) => candidate.startsWith('test/') && existsSync(join(root, candidate)));
    if (hit) found.push(hit);
  }
  return found;
}

/** Why `file` needs a process of its own (the first hazard met in it or a test helper it imports), or undefined. */
export function isolationReason(root, file, seen = new Set()) {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = readFileSync(join(root, file), 'utf8');
  for (const [pattern, reason] of HAZARDS) {
    if (pattern.test(source)) return seen.size === 1 ? reason : `${reason} (${relative('test', file)})`;
  }
  for (const imported of testImports(root, file)) {
    const reason = isolationReason(root, imported, seen);
    if (reason) return reason;
  }
  return undefined;
}

/**
 * Splits `files` into those run alone and `groups` shared entries'
 * worth of the rest, dealt round so each group gets a like share of every
 * folder (the UI files, which cost the most to load, spread over all of them).
 */
export function planTests(root, files, groups) {
  if (!(groups >= 1)) return { alone: [...files], groups: [] };
  const alone = [];
  const shared = [];
  for (const file of files) (isolationReason(root, file) ? alone : shared).push(file);
  const dealt = Array.from({ length: Math.max(1, Math.min(groups, shared.length)) }, () => []);
  shared.forEach((file, index) => dealt[index % dealt.length].push(file));
  return { alone, groups: dealt.filter((group) => group.length > 0) };
}

/** `items` in an order drawn from `seed` (a string), or as they are without one. */
export function shuffled(items, seed) {
  if (seed === undefined) return items;
  let state = [...String(seed)].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 2166136261);
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
