import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// No product string names a key but through the bindings in force
// (key-labels.ts: withKeys fills `{action}` / `{place.action}`, firstKey):
// a rebinding then changes every sentence that names the key. This reads
// every source under src/ and fails on a string or template text (comments
// are not strings) that writes a key's name: Enter, Esc, Tab, PgUp, Ctrl-X,
// `y/n`, a lone letter before what it does (`y quits`, `Z undoes`, `(q
// quit)`, `press r`, `(r)`). The article `a` and the word `I` are words.

const ROOT = new URL('../../', import.meta.url).pathname;

/** Where key names are written on purpose: the binding table and the one module that writes a key's label. */
const KEY_HOMES = ['src/ui/key-table.ts', 'src/ui/key-labels.ts'];

/** The lead converts these (issue 68: the place registry, the footers, the help titles); the allowlist then goes. */
const LEAD_CONVERTS: string[] = [];

/** Words that look like key names and are not: each with the file it is in and why. */
const NOT_KEYS: { file: string; text: RegExp; why: string }[] = [
  // Codex's apply_patch format: `*** Delete File:`, `*** End Patch`, `*** End of File` are its markers.
  { file: 'src/protocol/edit-diff.ts', text: /^(Delete|\*\*\* End Patch|\*\*\* End of File)$/, why: 'patch format' },
  { file: 'src/demo/agent-script.ts', text: /^\*\*\* End Patch$/, why: 'patch format' },
  { file: 'src/protocol/edit-paths.ts', text: /^\*\*\* (Delete File: |End Patch)$/, why: 'patch format' },
  // The exit code 130: the terminal's interrupt character sent to `watch` (SIGINT), not a key of the console.
  { file: 'src/cli/usage-table.ts', text: /SIGINT: Ctrl-C in `watch`/, why: 'a signal' },
];

const VERBS = [
  'quits?',
  'sends?',
  'undo(?:es)?',
  'cop(?:y|ies)',
  'returns?',
  'keeps?',
  'opens?',
  'hides?',
  'back',
  'cancels?',
  'toggles?',
  'unsets?',
  'sets?',
  'moves?',
  'closes?',
  'resend',
  'drops?',
  'asks?',
  'saves?',
  'clears?',
  'marks?',
  'filter',
  'help',
  'always',
  'choose',
  'scroll',
  'reason',
  'default',
  'picks?',
  'turns?',
  'redraws?',
  'suspends?',
  'snoozes?',
  'brings?',
  'shows?',
  'lists?',
  'confirms?',
  'answers?',
  'then',
  'there',
  'again',
  'in the console',
].join('|');

/** A key letter: any but `a` and `I` (words), or `?`, `*` (`/` between words is prose: `help / quit`). */
const LETTER = '[b-zA-HJ-Z?*]';

const KEY_NAMES: RegExp[] = [
  /(?<![\w-])(?:Enter|Esc|Escape|Tab|Shift-Tab|Space|Backspace|Delete|PgUp|PgDn|Home|End)(?![\w-])/,
  /\b(?:Ctrl|Control|Alt|Meta)[-+][A-Za-z]\b/,
  // y/n, j/k, n/Esc (the pair of letters a question or a move names).
  /(?<![\w'’./-])[a-zA-Z]\/[a-zA-Z](?![\w'’/-])/,
  // y quits, Z undoes, `H` then says, (q quit), X: cancels.
  new RegExp(`(?<![\\w'’./-])\`?${LETTER}\`?:?\\s+(?:${VERBS})\\b`),
  new RegExp(`(?<![\\w'’-])a (?:always|answers? the)\\b`),
  /(?:^|[\s(`])\/`? filter\b/,
  // press r, no ack (r).
  new RegExp(`\\bpress(?:es|ing)? \`?${LETTER}(?![\\w-])`),
  new RegExp(`(?<![\\w])\\(${LETTER}\\)`),
];

/** Whether a text names a key. */
function namesKey(text: string): boolean {
  return KEY_NAMES.some((pattern) => pattern.test(text));
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every string of a source as written: literals, each text part of a template, JSX text (never a comment). */
function stringsOf(path: string): { line: number; text: string }[] {
  const code = readFileSync(join(ROOT, path), 'utf8');
  const file = ts.createSourceFile(
    path,
    code,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { line: number; text: string }[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  const visit = (node: ts.Node): void => {
    // An import's path is not a string of the product.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node))
      add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      add(node.head, node.head.text);
      for (const span of node.templateSpans) add(span.literal, span.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test('the patterns catch the ways a key is named, and leave ordinary prose alone', () => {
  for (const named of [
    'y quits',
    'Enter sends · Esc keeps it running',
    'r sends it again',
    'Hidden; Z undoes.',
    'y copies',
    'Esc returns to the list',
    'its outcome (Esc back)',
    'Space toggles · y/n set',
    'Tab/Shift-Tab move · Enter confirms a field',
    'Tab, then type, to reply with a digit',
    ' (n/Esc keeps it running)',
    '(q quit)',
    'press r to resend',
    'no ack (r)',
    'Ctrl-L redraw',
    '/ filter   Esc back',
    '? shows the relay',
    '`H` then says none is kept',
    'X cancels its whole session',
    'PgUp/PgDn',
    'a always',
    'Escape clears it.',
  ])
    assert.ok(namesKey(named), named);
  for (const prose of [
    'a digit opens it on that option',
    'I would not guess',
    'open it with option N highlighted',
    'in a select field: pick choice N, as the choices are numbered',
    '--since 15m',
    'answer with option O (one of the request',
    '{confirm}/n',
    '{back} back',
    'Hide this request from this console? {confirm} hides',
    'Send "…" to N requests?',
    'certificate(s) in FILE',
    'a cancel without a reason',
    'the end of the text',
    'an entered value',
    'help / quit, off the Reply row',
    'yes / no / unset',
  ])
    assert.ok(!namesKey(prose), prose);
});

test('no product string names a key but through the bindings (key-labels.ts withKeys)', () => {
  const skipped = new Set([...KEY_HOMES, ...LEAD_CONVERTS]);
  const files = sources('src').filter((path) => !skipped.has(path));
  assert.ok(
    files.length > 100,
    `the scan reads the sources (${files.length} files under ${relative(process.cwd(), ROOT) || '.'})`,
  );
  const found: string[] = [];
  for (const path of files)
    for (const { line, text } of stringsOf(path))
      if (namesKey(text) && !NOT_KEYS.some((n) => n.file === path && n.text.test(text)))
        found.push(`${path}:${line}: ${JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)}`);
  assert.deepEqual(found, [], `key names written outside the bindings:\n${found.join('\n')}`);
});

test('the files let off the scan exist (a renamed file would be let off in silence)', () => {
  const all = new Set(sources('src'));
  for (const path of [...KEY_HOMES, ...LEAD_CONVERTS, ...NOT_KEYS.map((n) => n.file)]) assert.ok(all.has(path), path);
});
