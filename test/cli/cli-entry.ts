// Which file the tests' console children run: the one `npm test` built for
// the whole run (scripts/test.mjs passes it in AEP_CONSOLE_TEST_CLI), or,
// for a test file run on its own, one built here the first time it is asked
// for (scripts/cli-for-tests.mjs says what it is).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs build script, without types
import { buildCliForTests } from '../../scripts/cli-for-tests.mjs';

let entry: Promise<string> | undefined;

export function cliEntry(): Promise<string> {
  const given = process.env.AEP_CONSOLE_TEST_CLI;
  if (given && existsSync(given)) return Promise.resolve(given);
  if (!entry) {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-cli-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    entry = buildCliForTests(dir) as Promise<string>;
  }
  return entry;
}
