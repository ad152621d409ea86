// The profiles file:
// `$XDG_CONFIG_HOME/aep-console/config.json` (else `~/.config/…`), read and
// trusted like the rules file (read.ts readConfigFile: a regular file, the
// user's or root's, writable by no one else). Its shape is checked whole: an
// unknown key, at the top or in a profile, is an error naming it (a typo
// such as "token-file" must never mean "no token file, send AEP_TOKEN").
// Paths in a profile are taken from the file's own directory when relative.
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { displayLine } from '../protocol/sanitize.js';
import { CAPTURE_LEVELS, type Capture } from '../protocol/types.js';
import { readConfigFile } from './read.js';

/** A profiles file is a few dozen lines; more is a mistake. */
const MAX_CONFIG_BYTES = 256 * 1024;

export interface Profile {
  relays: string[];
  token_file?: string;
  ca?: string;
  name?: string;
  agent?: string[];
  session?: string[];
  capture?: Capture;
  rules?: string;
  auto?: boolean;
  /** --notify-cmd as [PROGRAM, ARG…] (run without a shell; `~/` in PROGRAM is HOME). */
  notify_cmd?: string[];
}

export interface ProfilesFile {
  path: string;
  default?: string;
  /** `keys`: {"PLACE.ACTION": KEY or [KEY, …]}, its shape checked here and its names by the UI's key map (places/keymap.ts). */
  keys?: Record<string, string | string[]>;
  /** In the file's order. */
  profiles: Map<string, Profile>;
}

export type LoadedProfiles = { ok: true; file?: ProfilesFile } | { ok: false; error: string; untrusted?: boolean };

const TOP_KEYS = ['default', 'profiles', 'keys'];
export const PROFILE_KEYS = [
  'relays',
  'token_file',
  'ca',
  'name',
  'agent',
  'session',
  'capture',
  'rules',
  'auto',
  'notify_cmd',
] as const;
const PATH_KEYS = new Set(['token_file', 'ca', 'rules']);

const shown = (text: string, max = 60) => JSON.stringify(displayLine(text, max));

/** The profiles file's path (absent when neither XDG_CONFIG_HOME nor HOME is usable). */
export function configPath(env: NodeJS.ProcessEnv): string | undefined {
  // XDG: a relative XDG_CONFIG_HOME is invalid and is ignored.
  if (env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/'))
    return join(env.XDG_CONFIG_HOME, 'aep-console', 'config.json');
  if (env.HOME && env.HOME.startsWith('/')) return join(env.HOME, '.config', 'aep-console', 'config.json');
  return undefined;
}

/** Reads the profiles file; no file is no profiles (ok, without a file). */
export function loadProfiles(env: NodeJS.ProcessEnv): LoadedProfiles {
  const path = configPath(env);
  if (path === undefined) return { ok: true };
  const read = readConfigFile(path, MAX_CONFIG_BYTES);
  const where = `config file ${displayLine(path, 200)}`;
  if (!read.ok) return read.missing ? { ok: true } : { ok: false, error: `${where} is ${read.why}`, untrusted: true };
  const parsed = parseProfiles(read.text, path, env);
  return 'error' in parsed ? { ok: false, error: `${where}: ${parsed.error}` } : { ok: true, file: parsed };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The file's text as profiles, or the first problem in words. Pure but for `env.HOME` (a `~/` path). */
export function parseProfiles(
  text: string,
  path: string,
  env: NodeJS.ProcessEnv = {},
): ProfilesFile | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'not valid JSON' };
  }
  if (!isPlainObject(value))
    return { error: 'must be a JSON object {"default"?: NAME, "profiles"?: {NAME: {...}}, "keys"?: {...}}' };
  const unknown = Object.keys(value).find((key) => !TOP_KEYS.includes(key));
  if (unknown !== undefined)
    return { error: `unknown key ${shown(unknown)} (the keys are "default", "profiles" and "keys")` };
  // A file with only a key map is valid: profiles are optional.
  if (value.profiles !== undefined && !isPlainObject(value.profiles))
    return { error: '"profiles" must be an object of profiles by name' };
  const keys = keysOf(value.keys);
  if (keys !== undefined && 'error' in keys) return keys;
  const profiles = new Map<string, Profile>();
  for (const [name, raw] of Object.entries(value.profiles ?? {})) {
    if (!/^[\w.@-]{1,64}$/.test(name))
      return { error: `profile name ${shown(name)} must be 1-64 letters, digits, ".", "_", "@" or "-"` };
    const profile = parseProfile(raw, dirname(resolve(path)), env);
    if ('error' in profile) return { error: `profile "${name}": ${profile.error}` };
    profiles.set(name, profile);
  }
  const fallback = value.default;
  if (fallback !== undefined && (typeof fallback !== 'string' || !profiles.has(fallback))) {
    return {
      error: `"default" must name one of the profiles (${[...profiles.keys()].join(', ') || 'there are none'})`,
    };
  }
  return {
    path,
    ...(fallback !== undefined ? { default: fallback } : {}),
    profiles,
    ...(keys ? { keys: keys.map } : {}),
  };
}

/** `keys` as written: an object of strings or arrays of strings (which names are places, actions and keys is the UI's to say). */
function keysOf(raw: unknown): { map: Record<string, string | string[]> } | { error: string } | undefined {
  if (raw === undefined) return undefined;
  const shape = '"keys" must be an object of "PLACE.ACTION": KEY or [KEY, ...]';
  if (!isPlainObject(raw)) return { error: shape };
  for (const [id, value] of Object.entries(raw)) {
    const ok =
      typeof value === 'string' ||
      (Array.isArray(value) && value.length > 0 && value.every((key) => typeof key === 'string'));
    if (!ok) return { error: `${shape}: ${shown(id)} is not` };
  }
  return { map: raw as Record<string, string | string[]> };
}

function parseProfile(raw: unknown, dir: string, env: NodeJS.ProcessEnv): Profile | { error: string } {
  if (!isPlainObject(raw)) return { error: 'must be an object' };
  const unknown = Object.keys(raw).find((key) => !(PROFILE_KEYS as readonly string[]).includes(key));
  if (unknown !== undefined)
    return { error: `unknown key ${shown(unknown)} (the keys are ${PROFILE_KEYS.join(', ')})` };
  const relays = raw.relays;
  if (!Array.isArray(relays) || relays.length === 0 || !relays.every((r) => typeof r === 'string' && r.trim() !== ''))
    return { error: '"relays" must be a non-empty array of relay URLs' };
  const profile: Profile = { relays: relays as string[] };
  for (const key of ['token_file', 'ca', 'name', 'rules'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.trim() === '') return { error: `"${key}" must be a non-empty string` };
    profile[key] = PATH_KEYS.has(key) ? pathFrom(v, dir, env) : v;
  }
  for (const key of ['agent', 'session'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (!Array.isArray(v) || !v.every((s) => typeof s === 'string' && s !== ''))
      return { error: `"${key}" must be an array of strings` };
    profile[key] = v as string[];
  }
  if (raw.capture !== undefined) {
    if (typeof raw.capture !== 'string' || !(CAPTURE_LEVELS as readonly string[]).includes(raw.capture))
      return { error: `"capture" must be one of ${CAPTURE_LEVELS.join('|')}` };
    profile.capture = raw.capture as Capture;
  }
  if (raw.auto !== undefined) {
    if (typeof raw.auto !== 'boolean') return { error: '"auto" must be true or false' };
    profile.auto = raw.auto;
  }
  if (raw.notify_cmd !== undefined) {
    const v = raw.notify_cmd;
    if (
      !Array.isArray(v) ||
      v.length === 0 ||
      !v.every((s) => typeof s === 'string' && !s.includes('\0')) ||
      (v[0] as string).trim() === ''
    )
      return { error: '"notify_cmd" must be an array [PROGRAM, ARG…] of strings, PROGRAM not empty' };
    const [program, ...args] = v as string[];
    profile.notify_cmd = [program.startsWith('~/') ? pathFrom(program, dir, env) : program, ...args];
  }
  return profile;
}

/** `~/x` from HOME, a relative path from the config file's directory. */
function pathFrom(path: string, dir: string, env: NodeJS.ProcessEnv): string {
  if (path.startsWith('~/') && env.HOME && env.HOME.startsWith('/')) return join(env.HOME, path.slice(2));
  return isAbsolute(path) ? path : resolve(dir, path);
}
