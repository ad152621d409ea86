// Child of files.test.ts: a followed --file whose name is replaced by a FIFO
// is read again (as the console's follower polls it). Run apart, with a
// deadline, because a regression blocks the event loop for good and an
// in-process test could never report it.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlFile } from '../../src/files/jsonl-file.js';
import { ConsoleStore } from '../../src/store/store.js';

const dir = mkdtempSync(join(tmpdir(), 'aep-fifo-'));
try {
  const path = join(dir, 'events.jsonl');
  writeFileSync(path, '');
  const store = new ConsoleStore();
  const file = new JsonlFile(path, store);
  const first = file.readAvailable();
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  renameSync(join(dir, 'fifo'), path);
  const started = Date.now();
  const second = file.readAvailable();
  const warnings = store.getRelay(file.relay)?.warnings ?? [];
  process.stdout.write(JSON.stringify({ first, second, ms: Date.now() - started, warnings }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
