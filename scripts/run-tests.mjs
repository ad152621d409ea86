// The test runner scripts/test.mjs starts: node's own (`run` from node:test,
// the spec reporter) over the files given, in the order given. `node --test
// a b c` sorts its files by path before it starts them, which put the
// shared entries (in a scratch folder under /tmp) first and the longest
// files wherever their names fell, so the plan's order (scripts/test-plan.mjs:
// the long files first, the short ones last) was lost and a long file could
// start last and run on alone. Each file still runs in a process of its
// own, with this process's flags (scripts/test.mjs passes
// --enable-source-maps: the files are the JavaScript of scripts/test-tree.mjs,
// and stacks name their TypeScript). Exit status as `node --test`'s: 1 if
// any test failed (a todo aside) or any file did not run through.
//
// Usage: node --enable-source-maps scripts/run-tests.mjs CONCURRENCY FILE...
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const [concurrency, ...files] = process.argv.slice(2);
// The one limit on time a passing run can meet: a test process (a file, or a
// shared entry's files) still running after this long is ended and fails, so
// a hang ends the run instead of holding it. It is far past anything the
// suite does on a busy machine (the longest process took about a minute on
// two cores kept busy by other work); the tests' own waits are hang guards
// scaled for such a machine (test/support/patience.ts). AEP_TEST_FILE_LIMIT_S
// sets it in seconds.
const limitMs = Number(process.env.AEP_TEST_FILE_LIMIT_S ?? 20 * 60) * 1000;
const stream = run({ files, concurrency: Number(concurrency), timeout: limitMs });
stream.on('test:fail', (data) => {
  if (data.todo === undefined || data.todo === false) process.exitCode = 1;
});
stream.compose(new spec()).pipe(process.stdout);
