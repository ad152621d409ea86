// `npm run docs`: writes the documents made from the code's tables
// (scripts/docs/generated.ts says which); `npm run docs -- --check` only
// says which are stale, and exits 1 if any is.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedDocs, REGENERATE } from './docs/generated.js';

const root = new URL('..', import.meta.url).pathname;
const check = process.argv.includes('--check');
let stale = 0;
for (const doc of generatedDocs(root)) {
  const path = join(root, doc.file);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const expected = doc.expected(current);
  if (expected === current) continue;
  stale++;
  if (check) {
    process.stdout.write(`${doc.file} is stale (made from ${doc.source}): run \`${REGENERATE}\`\n`);
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, expected);
    process.stdout.write(`wrote ${doc.file}\n`);
  }
}
if (check && stale) process.exit(1);
