// Hostile input III, classes "a file name reaches the terminal"
// and "a split token". A --file name holding an OSC title, a screen clear, an
// OSC 52 clipboard write and a bidi override is printed by the console (status
// line, detail relay line, history note) and by `list` (text rows, the read
// summary, stderr, --json): nowhere raw. A token split by any invisible class
// the sanitizer knows (variation selectors, CGJ, ideographic selectors,
// Hangul fillers, tags), a combining mark, a blank letter or a space
// is redacted on every output (watch and the console:
// split-token-outputs.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { main } from '../../src/cli.js';
import { safeJson } from '../../src/cli/list.js';
import { scrub } from '../../src/cli/crash-report.js';
import { addSecret, forgetSecrets, redact } from '../../src/protocol/redact.js';
import { displayLine, displayText } from '../../src/protocol/sanitize.js';
import { JsonlFile } from '../../src/files/jsonl-file.js';
import { ConsoleStore } from '../../src/store/store.js';
import { readsAs, SPLITTERS, spread as spreadToken } from '../support/split-tokens.js';
import { KEY, NOW, renderApp } from '../support/ui.js';

const dir = mkdtempSync(join(tmpdir(), 'aep-names-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What a file name may hold (anything but "/" and NUL). */
const HOSTILE_NAME = '\u001b]0;PWNED-TITLE\u0007\u001b[2J\u001b]52;c;aGk=\u0007\u202eevil\u0085.jsonl';

const line = (id: string, prompt = `q ${id}`) =>
  JSON.stringify({
    aep: '0.1',
    id,
    type: 'attention.requested',
    time: '2026-07-03T10:00:00Z',
    source: 'aep://f/a',
    agent: 'filer',
    session: 's1',
    seq: 1,
    data: { kind: 'input', prompt },
  });

/** No byte that steers a terminal: SGR colouring is the only escape allowed. */
function assertInert(output: string, where: string): void {
  const withoutSgr = output.replace(/\u001b\[[0-9;]*m/g, '');
  assert.ok(
    !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/.test(withoutSgr),
    `${where} holds a raw control: ${JSON.stringify(withoutSgr.slice(0, 400))}`,
  );
}

function hostileFile(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('a hostile --file name is sanitized in list text, its summary, stderr and --json', async () => {
  const f = hostileFile(HOSTILE_NAME, [line('a'), '{not json']);
  const g = hostileFile(`${HOSTILE_NAME}.2`, [line('b')]);
  const text = await cli(['list', '--file', f, '--file', g]);
  assert.equal(text.code, 0, text.err);
  assertInert(text.out, 'list stdout');
  assertInert(text.err, 'list stderr');
  assert.match(text.out, /␛\]0;PWNED-TITLE␇/, 'the name is shown, with visible markers');
  assert.match(text.err, /1 invalid/, 'the bad line is reported on stderr, naming the file');
  const json = await cli(['list', '--json', '--file', f, '--file', g]);
  assert.equal(json.code, 0);
  assertInert(json.out, 'list --json');
  const rows = json.out.split('\n').map((l) => JSON.parse(l) as { relay: string });
  assert.ok(
    rows.every((r) => r.relay.includes('\u001b]0;PWNED')),
    'JSON escapes keep the name exact for a program',
  );
});

test('a hostile --file name is sanitized in the status line, the detail relay line and the history note', async () => {
  const store = new ConsoleStore({ now: () => NOW });
  const path = hostileFile(`ui-${HOSTILE_NAME}`, [line('c')]);
  const file = new JsonlFile(path, store);
  assert.ok(file.readAvailable());
  const app = await renderApp({ store, relays: [file.relay], stdout: { columns: 140, rows: 30 } });
  try {
    await app.waitFor((f) => f.includes('q c'), 'the request from the file');
    await app.press(KEY.enter);
    const frame = await app.waitFor((f) => f.includes('history from the file'), 'the history note');
    assertInert(app.rawFrame(), 'the console frame');
    // The history note names the file by its whole path, wrapped at the pane's
    // width: where the markers fall depends on how long the temporary folder's
    // path is, so they are looked for in the rows joined back together.
    const unwrapped = frame
      .split('\n')
      .map((row) => row.trimEnd())
      .join('');
    assert.match(unwrapped, /␛\]0;PWNED-TITLE␇␛\[2J␛\]52;c;aGk=␇⟨U\+202E⟩evil⟨U\+0085⟩\.jsonl/, frame);
  } finally {
    app.unmount();
  }
});

const TOKEN = 'tok-SPLIT-7c1f9a';

const spread = (joiner: string) => spreadToken(TOKEN, joiner);

test('a token split by any invisible class, a combining mark, a blank letter or a space is redacted on screen, in list text and in --json', async (t) => {
  t.after(forgetSecrets);
  addSecret(TOKEN);
  for (const [name, joiner] of SPLITTERS) {
    const split = spread(joiner);
    const prompt = `echo: ${split} end`;
    for (const [where, shown] of [
      ['displayText', displayText(prompt)],
      ['displayLine', displayLine(prompt)],
      ['safeJson', safeJson({ prompt })],
    ] as const) {
      assert.ok(shown.includes('[token]'), `${name}: ${where} redacts: ${shown}`);
      assert.ok(!shown.includes('SPLIT') && !readsAs(shown, TOKEN), `${name}: ${where} keeps no part of the token`);
    }
    assert.equal(redact(`a ${split} b`).startsWith('a [token]'), true, name);
    // The crash report scrubs its own list of secrets, the same way.
    assert.ok(!readsAs(scrub(`Error: ${split}`, [TOKEN]), TOKEN), `${name}: crash report`);
  }
  // Through the real `list`: the token is known from --token, the prompt comes from a file.
  const path = hostileFile(
    'split.jsonl',
    SPLITTERS.map(([, joiner], i) => line(`s${i}`, `x ${spread(joiner)} y`)),
  );
  for (const json of [false, true]) {
    const run = await cli(['list', ...(json ? ['--json'] : []), '--token', TOKEN, '--file', path]);
    assert.equal(run.code, 0, run.err);
    assert.ok(
      !run.out.includes('SPLIT') && !readsAs(run.out, TOKEN),
      `list${json ? ' --json' : ''} keeps no part of the token: ${run.out}`,
    );
    assert.equal((run.out.match(/\[token\]/g) ?? []).length, SPLITTERS.length);
  }
});

test('invisible characters that terminals draw differently become markers; emoji and ideograph selectors do not', () => {
  for (const cp of [0x3164, 0x115f, 0xffa0, 0x17b4, 0x034f, 0xfe00, 0xe0100, 0x180b, 0x00ad]) {
    const ch = String.fromCodePoint(cp);
    assert.match(displayLine(`a${ch.repeat(3)}END`), /^a(⟨U\+[0-9A-F]{4,5}⟩){3}END$/, cp.toString(16));
  }
  // A selector where it selects: not a marker (an emoji's is dropped: text presentation, widths.test.ts).
  assert.equal(displayLine('❤️ ✔️ 葛󠄀'), '❤ ✔ 葛󠄀');
  // The same selectors after a letter, or doubled, are.
  assert.equal(displayLine('a\ufe0f'), 'a⟨U+FE0F⟩');
  assert.equal(displayLine('❤\ufe0f\ufe0f'), '❤⟨U+FE0F⟩');
  assert.equal(displayLine('a\u{e0100}'), 'a⟨U+E0100⟩');
});
