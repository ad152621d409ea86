// The consumer side of the hello (AEP-0003 §3): what the console says, and
// what it reads from the relay's.

import { hostname } from 'node:os';

/** The consumer's hello (AEP-0003 §3): versions, role, identity, filter dialect. */
export function consumerHello(name: string, host: string): Record<string, unknown> {
  return {
    type: 'hello',
    versions: ['0.1'],
    role: 'consumer',
    identity: { agent: name, instance: `${host}/${process.pid}` },
    capabilities: { filters: ['attr-match'] },
  };
}

export function safeHostname(): string {
  try {
    return hostname() || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The relay hello's verdict on version and capabilities (AEP-0003 §3). */
export interface RelayHelloInfo {
  versionOk: boolean;
  versions: string[];
  replayAll: boolean;
  roster: boolean;
  /** Set when the relay says it runs without auth / offers no control. */
  watchOnlyReason?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Watch-only detection: `capabilities.control` absent (the relay accepts no
 * commands) or `auth: "none"` (top level, as the demo relay sends it, or
 * inside capabilities): a relay without a token refuses every command.
 */
export function readRelayHello(frame: Record<string, unknown>): RelayHelloInfo {
  const versions = Array.isArray(frame.versions)
    ? frame.versions.filter((v): v is string => typeof v === 'string')
    : [];
  const caps = isObject(frame.capabilities) ? frame.capabilities : {};
  const replay = isObject(caps.replay) ? caps.replay : {};
  const info: RelayHelloInfo = {
    versionOk: versions.includes('0.1'),
    versions,
    replayAll: replay.all === true,
    roster: caps.roster !== undefined && caps.roster !== null && caps.roster !== false,
  };
  if (frame.auth === 'none' || caps.auth === 'none')
    info.watchOnlyReason = 'relay runs without a token: it refuses every command';
  else if (!isObject(caps.control)) info.watchOnlyReason = 'relay offers no control: commands are refused';
  return info;
}
