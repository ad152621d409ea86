// What the demo relay says about itself: its hello (AEP-0003 §4) and its
// discovery document (§3.4), both built once from its options.

import { hostname } from 'node:os';
import { CONTROL_TYPES } from './relay-core.js';
import type { DemoRelayOptions } from './relay-types.js';
import { AEP_VERSION, CAPTURE_ORDER } from './wire.js';

export interface RelayIdentity {
  hello: Record<string, unknown>;
  /** The body of `GET /.well-known/aep` (and `GET /events`). */
  discovery: Record<string, unknown>;
}

export function relayIdentity(
  opts: DemoRelayOptions,
  bufferPerSession: number,
  withToken: boolean,
  serveSse: boolean,
): RelayIdentity {
  const capabilities: Record<string, unknown> = {
    replay: { buffer: bufferPerSession, all: opts.replayAll ?? true },
    ...(opts.roster === false ? {} : { roster: {} }),
    capture: [...CAPTURE_ORDER],
    filters: ['attr-match'],
  };
  if (withToken) capabilities.control = { accepts: [...CONTROL_TYPES] };
  const versions = [AEP_VERSION];
  // Watch-only is signalled twice: `capabilities.control` is absent and `auth` is "none".
  const auth = withToken ? 'bearer' : 'none';
  const hello = {
    type: 'hello',
    versions,
    // A relay takes Events in and fans them out: both of AEP-0003 §4's roles.
    role: 'both',
    identity: { agent: 'aep-demo-relay', instance: `${hostname()}/${process.pid}` },
    auth,
    capabilities,
  };
  const endpoints: Record<string, string> = { events: '/events', socket: '/socket' };
  if (serveSse) endpoints.stream = '/stream';
  // The discovery document (AEP-0003 §3.4); `versions` and `auth` are this relay's extras.
  const discovery = { aep: versions, role: 'collector', endpoints, capabilities, versions, auth };
  return { hello, discovery };
}
