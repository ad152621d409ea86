// `aep-console respond ID (--option O | --text T | --values JSON)
// [--session S] [--source URI] [--wait SECONDS]` and `aep-console watch`:
// their own flags are taken out here, and the rest are `list`'s connection
// flags, parsed by the one parser (as `rules test` does), so the three read
// the relays with the same filter, token and capture ceiling.
import type { Answer } from '../protocol/types.js';
import { isObj } from '../protocol/guards.js';
import type { ConsoleOptions, ParsedArgs, RespondSpec } from './options.js';
import { printable } from './usage-error.js';

type ParseList = (argv: string[]) => ParsedArgs;

const DEFAULT_WAIT_S = 30;
const MAX_WAIT_S = 86_400;
const RESPOND_FLAGS = ['option', 'text', 'values', 'source', 'wait'] as const;
type RespondFlag = (typeof RESPOND_FLAGS)[number];

function usage(message: string): ParsedArgs {
  return { kind: 'usage-error', message };
}

/** Flags that belong to the interactive console only (or to `list` only). */
function notHere(command: string, rest: string[]): string | undefined {
  const wrong = rest.find((arg) =>
    /^--(demo|demo-agents|file|rules|auto|no-bell|no-mouse|notify|notify-cmd|since)(=|$)/.test(arg),
  );
  return wrong === undefined
    ? undefined
    : `${printable(wrong.split('=')[0]!)} does not apply to "aep-console ${command}"`;
}

/** `argv` starts with "watch". */
export function parseWatch(argv: string[], parseList: ParseList): ParsedArgs {
  const rest = argv.slice(1);
  const wrong = notHere('watch', rest);
  if (wrong) return usage(wrong);
  if (rest.some((arg) => /^--no-history$/.test(arg)))
    return usage('--no-history does not apply to "aep-console watch" (it sends nothing)');
  const listed = parseList(['list', ...rest]);
  if (listed.kind !== 'run') return listed;
  return { kind: 'run', options: { ...listed.options, command: 'watch' }, warnings: listed.warnings };
}

/** Takes `--flag V` and `--flag=V` of respond's own flags out of `args`. */
function takeOwn(
  args: string[],
): { own: Partial<Record<RespondFlag, string>>; rest: string[]; history: boolean } | string {
  const own: Partial<Record<RespondFlag, string>> = {};
  const rest: string[] = [];
  let history = true;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--no-history') {
      history = false;
      continue;
    }
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1] as RespondFlag | undefined;
    if (!match || !name || !(RESPOND_FLAGS as readonly string[]).includes(name)) {
      rest.push(arg);
      continue;
    }
    const value = match[2] ?? args[++i];
    if (value === undefined || (match[2] === undefined && value.startsWith('--'))) return `--${name} needs a value`;
    if (own[name] !== undefined) return `--${name} is given twice`;
    own[name] = value;
  }
  return { own, rest, history };
}

function answerOf(own: Partial<Record<RespondFlag, string>>): Answer | string {
  const given = (['option', 'text', 'values'] as const).filter((name) => own[name] !== undefined);
  if (given.length !== 1)
    return given.length
      ? `give one of --option, --text and --values, not ${given.map((n) => `--${n}`).join(' and ')}`
      : 'respond needs an answer: --option O, --text T or --values JSON';
  if (own.option !== undefined) return own.option.trim() ? { option: own.option } : '--option is empty';
  if (own.text !== undefined) return own.text.trim() ? { text: own.text } : '--text is empty';
  let values: unknown;
  try {
    values = JSON.parse(own.values!);
  } catch {
    return '--values is not valid JSON';
  }
  return isObj(values) ? { values } : '--values must be a JSON object of field ids to values';
}

function waitOf(raw: string | undefined): number | string {
  if (raw === undefined) return DEFAULT_WAIT_S * 1000;
  const seconds = Number(raw);
  if (!raw.trim() || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_WAIT_S)
    return `--wait must be a number of seconds above 0, at most ${MAX_WAIT_S}, not "${printable(raw)}"`;
  return Math.round(seconds * 1000);
}

/** `argv` starts with "respond"; the request id comes first. */
export function parseRespond(argv: string[], parseList: ParseList): ParsedArgs {
  const id = argv[1];
  if (id === undefined || id.startsWith('-') || !id.trim())
    return usage('respond needs the request id first: aep-console respond ID (--option O | --text T | --values JSON)');
  const taken = takeOwn(argv.slice(2));
  if (typeof taken === 'string') return usage(taken);
  const wrong = notHere('respond', taken.rest);
  if (wrong) return usage(wrong);
  const answer = answerOf(taken.own);
  if (typeof answer === 'string') return usage(answer);
  const waitMs = waitOf(taken.own.wait);
  if (typeof waitMs === 'string') return usage(waitMs);
  if (taken.own.source !== undefined && !taken.own.source.trim()) return usage('--source is empty');
  const listed = parseList(['list', ...taken.rest]);
  if (listed.kind !== 'run') return listed;
  const respond: RespondSpec = {
    id,
    answer,
    waitMs,
    ...(taken.own.source !== undefined ? { source: taken.own.source } : {}),
  };
  const options: ConsoleOptions = { ...listed.options, command: 'respond', history: taken.history, respond };
  return { kind: 'run', options, warnings: listed.warnings };
}
