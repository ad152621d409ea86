// `aep-console --help`, made from the flag table (flag-table.ts) and the
// usage and exit codes beside it (usage-table.ts), as docs/cli.md and the
// man page are: a flag is described once.
import { FLAG_NAMES, FLAG_TABLE, flagUsage, type FlagSpec } from './flag-table.js';
import { EXIT_CODES, USAGE } from './usage-table.js';
import { withKeys } from '../ui/key-labels.js';
// The place records hand the key table its shipped keys as they load: this file names keys as it loads.
import '../ui/places/registry.js';

/** The flag's column in Options; its words start after it. */
const FLAG_COLUMN = 19;
/** Exit codes with one short line share a line, up to this width. */
const EXIT_WIDTH = 80;

/**
 * A summary: `?` in the console lists every key (and docs/keys.md, from the
 * same table). Keys of the list (`{open}`) or of another place
 * (`{answer.back}`), as bound when the help is made.
 */
const KEYS = [
  '{down}/{up} move   {open} open/send   {pickOption} open on option N   {tag}/{tagAll} mark for a batch answer',
  '{filter} filter   {answer.back} back (keeps a draft)   {history} decision history   {anywhere.redraw} redraw',
  '{suspend} suspend   {quit} quit',
];

function optionLines(): string[] {
  return FLAG_NAMES.flatMap((name) => {
    const spec: FlagSpec = FLAG_TABLE[name];
    return spec.help.map(
      (line, i) => `  ${(i === 0 ? flagUsage(name) : '').padEnd(FLAG_COLUMN)}${withKeys('browse', line)}`,
    );
  });
}

function exitLines(): string[] {
  const lines: string[] = [];
  let joinable = false;
  for (const { code, help } of EXIT_CODES) {
    const first = `${code} ${help[0]}`;
    const last = lines.length - 1;
    if (joinable && help.length === 1 && `${lines[last]}   ${first}`.length <= EXIT_WIDTH) lines[last] += `   ${first}`;
    else lines.push(`  ${first}`, ...help.slice(1).map((line) => `    ${line}`));
    joinable = help.length === 1;
  }
  return lines;
}

export function helpText(): string {
  return [
    '',
    'aep-console: see every AI agent waiting for a human on an AEP relay, and answer it.',
    '',
    'Usage',
    ...USAGE.map((line) => `  ${line}`),
    '',
    'Options (a flag shown with a value needs one)',
    ...optionLines(),
    '',
    withKeys('browse', 'Keys ({help} in the console lists them all)'),
    ...KEYS.map((line) => `  ${withKeys('browse', line)}`),
    '',
    'Exit codes',
    ...exitLines(),
    '',
  ].join('\n');
}

export const HELP = helpText();
