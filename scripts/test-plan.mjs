// Which test files share a process and which run alone, for scripts/test.mjs.
//
// Loading Ink and React costs each test process about half a second of
// CPU before its first test; most files then run for a few milliseconds. So
// the files that touch nothing process-wide are imported by a few shared
// entries (one node process each, every file's tests inside a suite named
// for the file, one file after another), and a file runs in a process of its
// own when it, or a helper under test/ that it imports, touches state a
// neighbour would see: mocked timers, process listeners, the environment,
// the real stdin or stdout, chalk's color level, child processes (and, with them, the PTY tests
// that are long anyway). A file whose one hazard is mocked timers or child
// processes shares processes with files of that kind only (KINS). The rule
// reads the sources, so a new file that needs a process of its own gets one
// without being listed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** What puts a file in a process of its own, each with the reason given when asked. */
const HAZARDS = [
  [/\bmock\.timers\b/, 'mocks the timers'],
  // An 'exit' listener aside: it runs once every file in the process is done (test/cli/cli-entry.ts removes its build so).
  [
    /\bprocess\.(on|once|addListener|prependListener|removeAllListeners|emit|setUncaughtExceptionCaptureCallback)\((?!\s*['"]exit['"])/,
    'adds process listeners',
  ],
  [/\bprocess\.env(\.[A-Za-z_]+|\[[^\]]+\])\s*=[^=]|\bdelete\s+process\.env/, 'changes the environment'],
  [/\bprocess\.(stdin|stdout|stderr|exitCode|exit|chdir|umask|kill)\b/, "uses the process's own streams or state"],
  // A call, or the module imported at all: `promisify(execFile)` runs them without a call the first pattern sees.
  [
    /(?<![.\w])(spawn|spawnSync|execFile|execFileSync|exec|execSync|fork)\(|\bfrom\s*['"](node:)?child_process['"]/,
    'runs child processes',
  ],
  [/\bglobalThis\.[A-Za-z_]+\s*=[^=]/, 'changes a global'],
  // A package's module is one instance per process: chalk's color level set by one file would style every later file's frames.
  [/\bchalk\.level\s*=[^=]/, "sets chalk's color level"],
];

/** Relative imports of a source file that resolve to files under test/ (not src/: src runs the same in every process). */
function testImports(root, file) {
  const source = readFileSync(join(root, file), 'utf8');
  const found = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const base = join(dirname(file), match[1]);
    const candidates = [
      base,
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.js$/, '.tsx'),
      base.replace(/\.mjs$/, '.mts'),
    ];
    const hit = candidates.find((candidate) => candidate.startsWith('test/') && existsSync(join(root, candidate)));
    if (hit) found.push(hit);
  }
  return found;
}

/**
 * The helpers under test/ that `files` import (directly or through other
 * helpers) and that await at their top level (test/cli/pty.ts awaits the
 * command line's build). A shared entry imports them before its files, as it
 * does Ink: a file importing such a helper while another file's import of it
 * is still awaiting would finish its evaluation in that other file's suite.
 */
export function awaitingHelpers(root, files) {
  const found = new Set();
  const seen = new Set(files);
  const visit = (file) => {
    for (const imported of testImports(root, file)) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      const source = readFileSync(join(root, imported), 'utf8');
      if (/^(?:(?:export\s+)?(?:const|let|var)\s[^=\n]*=\s*)?await\b/m.test(source)) found.add(imported);
      visit(imported);
    }
  };
  files.forEach(visit);
  return [...found];
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

/** Every hazard met in `file` or a test helper it imports (the reasons' short forms). */
export function hazardsOf(root, file, seen = new Set(), found = new Set()) {
  if (seen.has(file)) return found;
  seen.add(file);
  const source = readFileSync(join(root, file), 'utf8');
  for (const [pattern, reason] of HAZARDS) if (pattern.test(source)) found.add(reason);
  for (const imported of testImports(root, file)) hazardsOf(root, imported, seen, found);
  return found;
}

/**
 * Hazards that files may share a process with others of their kind, each
 * kind in processes of its own: a file that mocks the timers does it per
 * test (t.mock) or resets them after each (the relay harnesses' afterEach,
 * which runs when a test fails too), so only another such file could be
 * touched; a file that runs child processes changes nothing of its own
 * process. How many processes each kind gets.
 */
const KINS = new Map([
  ['mocks the timers', 1],
  ['runs child processes', 2],
]);

/**
 * The files that take longest (their own time, measured on a cold clone),
 * longest first: each runs in a process of its own and they start first
 * (scripts/test.mjs), so none of them is left to run on alone at the end
 * while the other slots sit idle, and none lengthens a shared process's
 * chain of files. The package's (npm pack, an install, tsc) is its
 * children's CPU; the patch tables are CPU all through. A list of files is
 * one process for them all, in that order: the two patch-table files draw
 * the same table of frames with Ink as published (test/build/frame-table.ts),
 * ink-patches.test.ts with every frame of random rows and each-patch.test.ts
 * with the first, so sharing a process they draw it once. The three
 * command-line files after them mostly wait (a relay whose replay ends only
 * at the client's 10 s cap, pseudo-terminals, --wait deadlines): started
 * early, their waits overlap the checks' CPU instead of drawing out the end,
 * which is left to the short files, CPU-bound, that keep both cores busy.
 */
export const LONG = [
  'test/build/package.test.ts',
  ['test/build/ink-patches.test.ts', 'test/build/each-patch.test.ts'],
  'test/cli/respond-bare-relay.test.ts',
  'test/cli/terminal-pty.test.ts',
  'test/cli/watch-respond.test.ts',
  'test/build/string-width.test.ts',
  'test/hostile/slow-relay.test.ts',
  'test/ui-units/cell-diff.test.ts',
];

/**
 * Splits `files` into the LONG ones (in LONG's order, a list of them where
 * more than one of its files is asked for), those run alone and
 * `groups` shared entries' worth of the rest, dealt round so each group gets a like share of every
 * folder (the UI files, which cost the most to load, spread over all of
 * them), after the entries of each kind in KINS.
 */
export function planTests(root, files, groups) {
  const wanted = (unit) => [unit].flat().some((file) => files.includes(file));
  const long = LONG.filter(wanted).map((unit) => {
    const asked = [unit].flat().filter((file) => files.includes(file));
    return asked.length === 1 ? asked[0] : asked;
  });
  const rest = files.filter((file) => !long.flat().includes(file));
  if (!(groups >= 1)) return { long: long.flat(), alone: rest, groups: [] };
  const alone = [];
  const shared = [];
  const kin = new Map([...KINS.keys()].map((kind) => [kind, []]));
  for (const file of rest) {
    const hazards = [...hazardsOf(root, file)];
    if (hazards.length === 0) shared.push(file);
    else if (hazards.length === 1 && kin.has(hazards[0])) kin.get(hazards[0]).push(file);
    else alone.push(file);
  }
  const deal = (list, count) => {
    const dealt = Array.from({ length: Math.max(1, Math.min(count, list.length)) }, () => []);
    list.forEach((file, index) => dealt[index % dealt.length].push(file));
    return dealt.filter((group) => group.length > 0);
  };
  const kinGroups = [...kin].flatMap(([kind, list]) => deal(list, KINS.get(kind)));
  // The kinds first: their files mostly wait (on child processes, on mocked timers as little), and started
  // early those waits overlap the CPU of the shared entries instead of drawing out the end.
  return { long, alone, groups: [...kinGroups, ...deal(shared, groups)] };
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
