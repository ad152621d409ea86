// Hostile input V, "redaction sees through what is not shown as itself": a
// known token with NUL, an escape sequence, a C1 control, U+0085, a lone
// surrogate or percent-encoding inside it is `[token]` in `list`, `list
// --json`, on the console's screen and in the raw bytes written to the
// terminal; and a marker the sanitizer would draw does not hide it either.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { main } from '../../src/cli.js';
import { addSecret, forgetSecrets, redact } from '../../src/protocol/redact.js';
import { permissionFrom, renderApp } from '../support/ui.js';

const TOKEN = 'PROFTOKEN-aaaa1111';
/** What stays of the token when a split is missed: its tail is unique in every test text. */
const TAIL = 'aaaa1111';

/** The token as a hostile relay echoes it: something between or inside its characters. */
const HIDDEN: readonly [name: string, text: string][] = [
  ['NUL', 'PROF\u0000TOKEN-aaaa1111'],
  ['NUL between every character', [...TOKEN].join('\u0000')],
  ['an escape sequence (SGR)', 'PROF\u001b[0mTOKEN-aaaa1111'],
  ['an OSC title sequence', 'PROFTOK\u001b]0;x\u0007EN-aaaa1111'],
  ['a C1 control (CSI U+009B)', 'PROFTOKEN-\u009baaaa1111'],
  ['a C1 CSI sequence', 'PROFTOKEN-\u009b2Jaaaa1111'],
  ['U+0085 (next line)', 'PROFTOKEN\u0085-aaaa1111'],
  ['a lone high surrogate', 'PROF\ud800TOKEN-aaaa1111'],
  ['a lone low surrogate', 'PROFTOKEN-aa\udc00aa1111'],
  ['one character percent-encoded', 'PROFTOKEN-aaaa%311111'],
  ['every character percent-encoded', [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
  ['a control picture (the sanitizer’s marker for NUL)', 'PROF␀TOKEN-aaaa1111'],
  ['a numeric marker (the sanitizer’s for U+0085)', 'PROF⟨U+0085⟩TOKEN-aaaa1111'],
];

const dir = mkdtempSync(join(tmpdir(), 'aep-token-controls-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const line = (id: string, prompt: string) =>
  JSON.stringify({
    aep: '0.1',
    id,
    type: 'attention.requested',
    time: '2026-07-03T10:00:00Z',
    source: 'aep://f/a',
    agent: 'echoer',
    session: 's1',
    seq: 1,
    data: { kind: 'input', prompt },
  });

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

for (const [name, hidden] of HIDDEN) {
  test(`redact: the token through ${name}`, (t) => {
    t.after(forgetSecrets);
    addSecret(TOKEN);
    const out = redact(`echo <${hidden}> end`);
    assert.ok(!out.includes(TAIL), `${name}: ${JSON.stringify(out)}`);
    assert.ok(out.includes('[token]'), `${name}: ${JSON.stringify(out)}`);
  });
}

test('ordinary text with percent signs, escapes and markers is kept as it is', (t) => {
  t.after(forgetSecrets);
  addSecret(TOKEN);
  for (const text of ['100% sure, 50%2 off', '\u001b[1mPROF\u001b[0m TOKEN', '⟨U+0085⟩ %zz %4', 'PROFTOKEN-aaaa111']) {
    assert.equal(redact(text), text);
  }
});

test('list and list --json: the token through every hidden character is [token]', async () => {
  const path = join(dir, 'echo.jsonl');
  writeFileSync(path, `${HIDDEN.map(([, hidden], i) => line(`e${i}`, `x ${hidden} y`)).join('\n')}\n`);
  try {
    for (const json of [false, true]) {
      const run = await cli(['list', ...(json ? ['--json'] : []), '--token', TOKEN, '--file', path]);
      assert.equal(run.code, 0, run.err);
      assert.ok(!run.out.includes(TAIL), `list${json ? ' --json' : ''} shows the token: ${run.out}`);
      assert.equal((run.out.match(/\[token\]/g) ?? []).length, HIDDEN.length, run.out);
    }
  } finally {
    forgetSecrets();
  }
});

test('the console: on screen and in the raw bytes written, every hidden token is [token]', async (t) => {
  t.after(forgetSecrets);
  addSecret(TOKEN);
  const events = HIDDEN.map(([name, hidden], i) => permissionFrom(`agent-${i}`, `s${i}`, `${name}: ${hidden} end`));
  const h = await renderApp({ size: { columns: 160, rows: 40 }, stdout: { columns: 160, rows: 40 }, events });
  t.after(h.unmount);
  let seen = 0;
  for (let i = 0; i < HIDDEN.length; i++) {
    const raw = h.rawFrame();
    assert.ok(!raw.includes(TAIL), `the token in the bytes written: ${JSON.stringify(raw)}`);
    assert.ok(!h.frame().includes(TAIL), 'the token on screen');
    if (/: \[token\] end/.test(h.frame())) seen++;
    await h.press('j');
  }
  assert.equal(seen, HIDDEN.length, 'each request’s detail shows its prompt, redacted');
});
