import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The demo's private temporary directory (0700), removed when the demo
 * stops: its state (the decision history `H` reads) and the demo relay's
 * random token in a file only this user can read (0600), so `aep-console
 * list --token-file` can be tried on the demo from another terminal without
 * the token ever being printed. The user's own state directory is never the
 * demo's: `aep-console history` does not see the demo's answers.
 */
export function writeDemoTokenFile(token: string): { dir: string; path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-demo-'));
  // mkdtemp makes it 0700 already; said here, since the history goes in it too.
  chmodSync(dir, 0o700);
  const path = join(dir, 'token');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return { dir, path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
