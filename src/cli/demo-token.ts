import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The demo relay's random token in a file only this user can read (a
 * private 0700 directory, a 0600 file), so `aep-console list --token-file`
 * can be tried on the demo from another terminal without the token ever
 * being printed. Removed when the demo stops.
 */
export function writeDemoTokenFile(token: string): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-demo-'));
  const path = join(dir, 'token');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
