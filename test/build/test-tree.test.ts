// The mirror of the tree the tests run from (scripts/test-tree.mjs): each
// TypeScript source compiled once, its import.meta still the source's, its
// imports resolved to the mirror's JavaScript, every other file linked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs build script, without types
import { buildTestTree, compiledName } from '../../scripts/test-tree.mjs';

const repository = new URL('../..', import.meta.url).pathname;

/** A small repository of `files` (path → text) with the real node_modules; removed when the test ends. */
function repositoryOf(t: { after: (fn: () => void) => void }, files: Record<string, string>) {
  const scratch = mkdtempSync(join(tmpdir(), 'aep-test-tree-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  const root = join(scratch, 'root');
  const tree = join(scratch, 'tree');
  const all: Record<string, string> = {
    'package.json': '{ "type": "module" }\n',
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', jsx: 'react-jsx', strict: true } }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  for (const folder of ['src', 'test', 'bench', 'scripts']) mkdirSync(join(root, folder), { recursive: true });
  symlinkSync(join(repository, 'node_modules'), join(root, 'node_modules'));
  return { root, tree };
}

test('a compiled module keeps its source as import.meta and imports the JavaScript beside it', async (t) => {
  const { root, tree } = repositoryOf(t, {
    'src/where.ts': [
      'export const url: string = import.meta.url;',
      'export const dir: string = import.meta.dirname;',
      'export const file: string = import.meta.filename;',
      '',
    ].join('\n'),
    'src/view.tsx': "import { Text } from 'ink';\nexport const view = (label: string) => <Text>{label}</Text>;\n",
    'test/helper.mts': 'export const shared: { hits: number } = { hits: 0 };\n',
    'scripts/plain.mjs': "export const plain = 'linked';\n",
    'test/fixtures/data.json': '{ "ok": true }\n',
    'test/a.test.ts': [
      "import { url, dir, file } from '../src/where.js';",
      "import { view } from '../src/view.js';",
      "import { shared } from './helper.mjs';",
      "import { plain } from '../scripts/plain.mjs';",
      "import { readFileSync } from 'node:fs';",
      'shared.hits++;',
      "const data = JSON.parse(readFileSync(new URL('./fixtures/data.json', import.meta.url), 'utf8')) as { ok: boolean };",
      'export const seen = { url, dir, file, element: view("x"), shared, plain, data, self: import.meta.url };',
      '',
    ].join('\n'),
  });
  assert.equal(await buildTestTree(root, tree), 4);
  const { seen } = (await import(pathToFileURL(join(tree, 'test/a.test.js')).href)) as {
    seen: Record<string, unknown> & { element: { props: { children: string } }; shared: { hits: number } };
  };
  assert.equal(seen.url, pathToFileURL(join(root, 'src/where.ts')).href);
  assert.equal(seen.dir, join(root, 'src'));
  assert.equal(seen.file, join(root, 'src/where.ts'));
  assert.equal(seen.self, pathToFileURL(join(root, 'test/a.test.ts')).href);
  // JSX as the tsconfig says (the automatic runtime), a .mts as .mjs, a linked build script, a fixture found from the source.
  assert.equal(seen.element.props.children, 'x');
  assert.equal(seen.shared.hits, 1);
  assert.equal(seen.plain, 'linked');
  assert.deepEqual(seen.data, { ok: true });
  // Compiled into the mirror, not run from the source; everything else a link to the source's file.
  assert.equal(lstatSync(join(tree, 'src/where.js')).isSymbolicLink(), false);
  assert.equal(lstatSync(join(tree, 'scripts/plain.mjs')).isSymbolicLink(), true);
  assert.equal(lstatSync(join(tree, 'node_modules')).isSymbolicLink(), true);
  // The inline source map names the source, so a stack names the .ts file.
  const map = /sourceMappingURL=data:application\/json;base64,(\S+)/.exec(
    readFileSync(join(tree, 'src/where.js'), 'utf8'),
  );
  assert.ok(map, 'an inline source map');
  const sources = (JSON.parse(Buffer.from(map[1], 'base64').toString()) as { sources: string[] }).sources;
  assert.ok(
    sources.some((source) => source.endsWith('/root/src/where.ts')),
    sources.join(),
  );
});

test('a source that does not compile fails the build of the mirror', async (t) => {
  const { root, tree } = repositoryOf(t, { 'src/broken.ts': 'export const = 1;\n' });
  await assert.rejects(buildTestTree(root, tree));
});

test('each source is named as its importers name it', () => {
  assert.equal(compiledName('src/a.ts'), 'src/a.js');
  assert.equal(compiledName('src/b.tsx'), 'src/b.js');
  assert.equal(compiledName('test/c.mts'), 'test/c.mjs');
});

// npm test (scripts/test.mjs) sets TMPDIR to a folder of its run's scratch
// folder, beside the mirror, so what the tests leave in their temporary
// folders goes when the run ends instead of piling up in the system's /tmp.
test(
  "under npm test, the tests' temporary folders are inside the run's scratch folder",
  { skip: process.env.AEP_TEST_TREE === undefined && 'run outside npm test: no scratch folder to be in' },
  () => {
    const scratch = dirname(process.env.AEP_TEST_TREE ?? '');
    assert.equal(dirname(tmpdir()), scratch, `os.tmpdir() is ${tmpdir()}, not in ${scratch}`);
  },
);
