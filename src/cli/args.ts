import { X509Certificate } from 'node:crypto';
import { closeSync } from 'node:fs';
import { resolve } from 'node:path';
import meow from 'meow';
import { CAPTURE_LEVELS, type Capture } from '../protocol/types.js';
import { HELP } from './help.js';
import { relayUrls } from '../relay/url.js';
import { displayLine } from '../protocol/sanitize.js';
import { openRegularFile, readRegularFile } from '../relay/regular-file.js';
import { historyOptions } from './history-args.js';
import { parseRulesTest, rulesOptions } from './rules-args.js';
import type { Rule } from '../protocol/rules.js';

export interface ConsoleOptions {
  command: 'console' | 'list' | 'history' | 'rules-test';
  /** Keep the decision history (false with --no-history; absent: kept). */
  history?: boolean;
  /** `history --since`: how far back, in ms. */
  sinceMs?: number;
  /** `history --agent` / `--session`: which decisions to print (for the console and `list` they are folded into `filter`). */
  agents?: string[];
  sessions?: string[];
  relays: string[];
  token?: string;
  /** --token-file as given: re-read before every reconnect (see tokenSource). */
  tokenFile?: string;
  /** Extra trusted CA certificates (PEM), added to Node's own roots for https/wss. */
  ca?: string[];
  filter?: Record<string, unknown>;
  capture?: Capture;
  bell: boolean;
  notify: boolean;
  name: string;
  demo: boolean;
  /** --demo-agents N: how many demo agents (default 3), to try triage at fleet scale. */
  demoAgents?: number;
  json: boolean;
  /** --file: AEP JSONL files read as history (AEP-0003 §3.1), as given. */
  files: string[];
  /** The rules (`--rules F` or the default file), in order, and the file `a` saves to; `auto` (--auto): they answer. */
  rules?: Rule[];
  rulesPath?: string;
  auto?: boolean;
}

export type ParsedArgs =
  | { kind: 'run'; options: ConsoleOptions; warnings: string[] }
  | { kind: 'help'; text: string }
  | { kind: 'version'; text: string }
  | { kind: 'usage-error'; message: string };

export const DEFAULT_RELAY = 'http://127.0.0.1:8787';

const FLAGS = {
  relay: { type: 'string', isMultiple: true },
  token: { type: 'string' },
  tokenFile: { type: 'string' },
  insecure: { type: 'boolean', default: false },
  ca: { type: 'string' },
  filter: { type: 'string' },
  agent: { type: 'string', isMultiple: true },
  session: { type: 'string', isMultiple: true },
  capture: { type: 'string' },
  bell: { type: 'boolean', default: true },
  notify: { type: 'boolean', default: false },
  name: { type: 'string', default: 'aep-console' },
  demo: { type: 'boolean', default: false },
  demoAgents: { type: 'number' },
  json: { type: 'boolean', default: false },
  file: { type: 'string', isMultiple: true },
  history: { type: 'boolean', default: true },
  rules: { type: 'string' },
  auto: { type: 'boolean', default: false },
  since: { type: 'string' },
  help: { type: 'boolean', default: false, shortFlag: 'h' },
  version: { type: 'boolean', default: false },
} as const;


/** Envelope attributes attr-match may test (AEP-0003 §6); others fail closed. */
const FILTERABLE = new Set(['id', 'type', 'subject', 'source', 'agent', 'session', 'run', 'step', 'epoch', 'cause', 'severity', 'capture']);
const NOT_FILTERABLE = new Set(['time', 'seq', 'aep', 'data']);

class UsageError extends Error {}

const SHORT_FLAGS = new Set<string>(Object.values(FLAGS).flatMap((flag) => ('shortFlag' in flag ? [flag.shortFlag] : [])));

/** Every flag meow parsed must be one of FLAGS (by its camelCase or kebab-case name, or a short flag). */
function rejectUnknownFlags(parsed: Record<string, unknown>): void {
  for (const name of Object.keys(parsed)) {
    const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (camel in FLAGS || SHORT_FLAGS.has(name)) continue;
    const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    throw new UsageError(`unknown flag ${kebab.length === 1 ? '-' : '--'}${kebab} (see --help)`);
  }
}

/** Parses and validates the command line. Never prints; never exits. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): ParsedArgs {
  try {
    return argv[0] === 'rules' ? parseRulesTest(argv, env, (rest) => parseArgs(rest, env, version)) : parse(argv, env, version);
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    throw error;
  }
}

function parse(argv: string[], env: NodeJS.ProcessEnv, version: string): ParsedArgs {
  // meow's own check for unknown flags prints and exits the process; a
  // parser must do neither, so it lets them through and they are found here.
  const cli = meow(HELP, {
    importMeta: import.meta,
    argv,
    flags: FLAGS,
    autoHelp: false,
    autoVersion: false,
    allowUnknownFlags: true,
    description: false,
    pkg: { name: 'aep-console', version },
  });
  rejectUnknownFlags(cli.unnormalizedFlags);
  const flags = cli.flags;
  if (flags.help) return { kind: 'help', text: HELP.trim() };
  if (flags.version) return { kind: 'version', text: version };

  const [command, ...extra] = cli.input;
  if (command !== undefined && command !== 'list' && command !== 'history') throw new UsageError(`unknown command "${printable(command)}" (the commands are "list", "history" and "rules test")`);
  if (extra.length) throw new UsageError(`unexpected argument "${printable(extra[0])}"`);
  if (command === 'history') {
    const history = historyOptions(flags, argv);
    if ('error' in history) throw new UsageError(history.error);
    return { kind: 'run', options: history, warnings: [] };
  }
  if (flags.since !== undefined) throw new UsageError('--since only applies to "aep-console history"');
  const isList = command === 'list';
  if (flags.json && !isList) throw new UsageError('--json only applies to "aep-console list" and "aep-console history"');
  if (!flags.history && isList) throw new UsageError('--no-history applies to the interactive console ("list" keeps none)');
  if (flags.demo && isList) throw new UsageError('--demo opens the interactive console; it cannot be combined with "list"');

  const relayFlags = flags.relay ?? [];
  const files = checkFiles(flags.file ?? []);
  if (flags.demo && files.length) throw new UsageError('--demo starts its own relay: drop --file (or drop --demo)');
  // Files alone (no --relay, no AEP_RELAY): read the files instead of the default relay.
  const filesOnly = files.length > 0 && relayFlags.length === 0 && !env.AEP_RELAY;
  const relayArgs: string[] = relayFlags.length ? relayFlags : env.AEP_RELAY ? [env.AEP_RELAY] : [];
  if (flags.demo && relayFlags.length) throw new UsageError('--demo starts its own relay: drop --relay');
  if (flags.demoAgents !== undefined && !flags.demo) throw new UsageError('--demo-agents only applies with --demo');
  if (flags.demoAgents !== undefined && (!Number.isInteger(flags.demoAgents) || flags.demoAgents < 1 || flags.demoAgents > 200)) {
    throw new UsageError('--demo-agents must be a whole number from 1 to 200');
  }
  const relays = filesOnly ? [] : (relayArgs.length ? relayArgs : [DEFAULT_RELAY]).map(checkRelayUrl);
  // http://h:1 and ws://h:1/socket are one relay: watching it twice would list every request twice.
  if (new Set(relays.map(socketIdentity)).size !== relays.length) {
    throw new UsageError('the same relay is given twice in --relay');
  }
  const token = readToken(flags.token, flags.tokenFile, env);
  const warnings: string[] = [];
  if (flags.token !== undefined) {
    warnings.push('warning: --token is visible to other users in the process list; use AEP_TOKEN or --token-file instead');
  }
  if (token !== undefined) {
    const exposed = relays.filter((relay) => !isTls(relay) && !isLoopback(relay));
    if (exposed.length && !flags.insecure) {
      throw new UsageError(
        `--relay ${exposed[0]} is not on this host: use https:// or wss:// so the token does not cross the network in cleartext (or --insecure to send it anyway)`,
      );
    }
    if (exposed.length) warnings.push(`warning: --insecure: the token goes to ${exposed.join(', ')} in cleartext, readable by anyone on the network path`);
  }
  const ca = flags.ca === undefined ? undefined : readCa(flags.ca, env);
  const rules = rulesOptions(flags, isList, env);
  if ('error' in rules) throw new UsageError(rules.error);

  return {
    kind: 'run',
    options: {
      command: isList ? 'list' : 'console',
      history: flags.history,
      agents: flags.agent ?? [],
      sessions: flags.session ?? [],
      relays,
      token,
      tokenFile: flags.tokenFile,
      ca,
      filter: buildFilter(flags.filter, flags.agent ?? [], flags.session ?? []),
      capture: checkCapture(flags.capture),
      bell: flags.bell,
      notify: flags.notify,
      name: checkName(flags.name),
      demo: flags.demo,
      demoAgents: flags.demoAgents,
      json: flags.json,
      files,
      ...rules,
    },
    warnings,
  };
}

/** --file paths: each must name a readable regular file now (it may grow later); no file twice. */
function checkFiles(paths: string[]): string[] {
  for (const path of paths) {
    if (!path.trim()) throw new UsageError('--file is empty');
    // Opened the way the reads open it (non-blocking, fstat): a FIFO is refused, never waited on.
    const opened = openRegularFile(path);
    if (!opened.ok) throw new UsageError(`--file ${printable(path)} ${opened.reason}`);
    closeSync(opened.fd);
  }
  if (new Set(paths.map((p) => resolve(p))).size !== paths.length) throw new UsageError('the same file is given twice in --file');
  return paths;
}

function socketIdentity(relay: string): string {
  const urls = relayUrls(relay);
  return urls.ok ? urls.socketUrl : urls.relay;
}

function isTls(relay: string): boolean {
  return /^(https|wss):/.test(relay);
}

/** Loopback hosts: the only place a bearer token may travel without TLS (AEP-0003 §8.1). */
function isLoopback(relay: string): boolean {
  const host = new URL(relay).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function checkRelayUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--relay "${printable(raw)}" is not a URL (expected http://host:port)`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new UsageError(`--relay "${printable(raw)}" must use http, https, ws or wss`);
  }
  if (url.username || url.password || url.searchParams.has('access_token') || url.searchParams.has('token')) {
    // A credential in a URL ends up in logs and shell history: refuse it.
    throw new UsageError('--relay must not carry credentials; pass the token with --token, AEP_TOKEN or --token-file');
  }
  return url.href.replace(/\/$/, '');
}

function checkCapture(raw: string | undefined): Capture | undefined {
  if (raw === undefined) return undefined;
  if (!(CAPTURE_LEVELS as readonly string[]).includes(raw)) {
    throw new UsageError(`--capture must be one of ${CAPTURE_LEVELS.join('|')}, not "${printable(raw)}"`);
  }
  return raw as Capture;
}

function checkName(raw: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(raw)) {
    throw new UsageError('--name must be 1-64 characters of letters, digits, ".", "_" or "-" (it goes into the command source URI)');
  }
  return raw;
}

/**
 * The token as the relay clients take it: with --token-file, a provider that
 * re-reads the file (same checks, same one-line errors, never the token)
 * before every connect, so a rotated token is picked up without a restart;
 * otherwise the token read once. `remember` sees every token read.
 */
export function tokenSource(options: Pick<ConsoleOptions, 'token' | 'tokenFile'>, remember?: (token: string) => void): string | (() => string) | undefined {
  const file = options.tokenFile;
  if (file === undefined) return options.token;
  return () => {
    const token = readTokenFile(file);
    remember?.(token);
    return token;
  };
}

function readToken(flag: string | undefined, file: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (flag !== undefined && file !== undefined) throw new UsageError('give either --token or --token-file, not both');
  if (flag !== undefined) {
    if (!flag.trim()) throw new UsageError('--token is empty');
    return checkTokenText(flag.trim(), '--token');
  }
  if (file !== undefined) return readTokenFile(file);
  const fromEnv = env.AEP_TOKEN;
  return fromEnv && fromEnv.trim() ? checkTokenText(fromEnv.trim(), 'AEP_TOKEN') : undefined;
}

/**
 * The token goes into an Authorization header: a character a header cannot
 * carry (a control, anything beyond ASCII such as "€") would make every
 * request throw deep in the HTTP client. Said once, up front, without the
 * token (a bearer token is printable ASCII, RFC 6750 §2.1).
 */
function checkTokenText(token: string, from: string): string {
  const bad = /[^\x21-\x7e]/.exec(token);
  if (bad) {
    const cp = bad[0].codePointAt(0) ?? 0;
    throw new UsageError(`${from}: the token holds a character an HTTP header cannot carry (U+${cp.toString(16).toUpperCase().padStart(4, '0')} at position ${bad.index + 1}); a bearer token is printable ASCII`);
  }
  return token;
}

/** A token file is one short line; a larger file is not a token file. */
const TOKEN_FILE_MAX_BYTES = 64 * 1024;

function readTokenFile(file: string): string {
  const read = readRegularFile(file, TOKEN_FILE_MAX_BYTES);
  if (!read.ok) throw new UsageError(`--token-file ${printable(file)} ${read.reason}`);
  const mode = read.mode;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    throw new UsageError(`--token-file ${printable(file)} is accessible by other users (mode ${octal}); fix it with: chmod 600 ${shellWord(printable(file))}`);
  }
  const token = read.text.trim();
  if (!token) throw new UsageError(`--token-file ${printable(file)} is empty`);
  if (/\s/.test(token)) throw new UsageError(`--token-file ${printable(file)} must hold the token alone on one line`);
  return checkTokenText(token, `--token-file ${printable(file)}`);
}

/** A CA bundle: the whole Mozilla set is about 250 KB. */
const CA_FILE_MAX_BYTES = 4 * 1024 * 1024;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * --ca FILE: PEM certificates to trust besides Node's roots. Giving a `ca`
 * to TLS replaces the default list, so NODE_EXTRA_CA_CERTS (which Node would
 * otherwise have added) is carried along by hand.
 */
function readCa(file: string, env: NodeJS.ProcessEnv): string[] {
  // /dev/zero once aborted the process (std::bad_alloc), a FIFO hung it: a regular file of a sane size only.
  const read = readRegularFile(file, CA_FILE_MAX_BYTES);
  if (!read.ok) throw new UsageError(`--ca ${printable(file)} ${read.reason}`);
  const blocks = read.text.match(PEM_CERTIFICATE) ?? [];
  if (!blocks.length) throw new UsageError(`--ca ${printable(file)} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      throw new UsageError(`--ca ${printable(file)} holds a certificate that does not parse`);
    }
  }
  let extra: string[] = [];
  if (env.NODE_EXTRA_CA_CERTS) {
    // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS: skip it likewise.
    const read = readRegularFile(env.NODE_EXTRA_CA_CERTS, CA_FILE_MAX_BYTES);
    if (read.ok) extra = read.text.match(PEM_CERTIFICATE) ?? [];
  }
  return [...extra, ...blocks];
}

/** A path as the user can paste it into a shell. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The user's extra attr-match filter: --filter JSON with --agent/--session folded in. */
function buildFilter(raw: string | undefined, agents: string[], sessions: string[]): Record<string, unknown> | undefined {
  let filter: Record<string, unknown> = {};
  if (raw !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new UsageError('--filter is not valid JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError('--filter must be a JSON object of attribute predicates, e.g. {"agent":"codex"}');
    }
    filter = parsed as Record<string, unknown>;
    for (const [key, value] of Object.entries(filter)) {
      if (NOT_FILTERABLE.has(key) || (!FILTERABLE.has(key) && !/^[a-z0-9]{1,20}$/.test(key))) {
        throw new UsageError(`--filter key "${printable(key)}" is not filterable (allowed: ${[...FILTERABLE].join(' ')} and extension names)`);
      }
      if (!isPredicate(value)) throw new UsageError(`--filter value for "${printable(key)}" must be a string, number, boolean, an array of them, or {"gte": ...}`);
    }
  }
  for (const [key, list] of [['agent', agents], ['session', sessions]] as const) {
    if (!list.length) continue;
    if (key in filter) throw new UsageError(`--${key} and a "${key}" key in --filter conflict; use one of them`);
    if (list.some((item) => !item.trim())) throw new UsageError(`--${key} is empty`);
    filter[key] = list.length === 1 ? list[0] : [...list];
  }
  return Object.keys(filter).length ? filter : undefined;
}

function isPredicate(value: unknown): boolean {
  const scalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
  if (scalar(value)) return true;
  if (Array.isArray(value)) return value.length > 0 && value.every(scalar);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 1 && keys[0] === 'gte' && scalar((value as Record<string, unknown>).gte);
  }
  return false;
}

/** Echoing user input in an error must not echo control characters either. */
function printable(text: string): string {
  return displayLine(text, 80);
}
