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
