import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requested } from '../support/events.js';
import { permissionFrom } from '../support/ui-events.js';
import { NOW, keyConsole } from '../support/key-console.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { view } from '../../src/ui/view.js';
import { regionSentences } from '../../src/ui/screen-reader/regions.js';
import { keyRows } from '../../src/ui/key-rows.js';
import { drawnAs } from '../support/drawn-as.js';

// The footer, the screen reader and `?` help say what a digit does; this
// holds each of them against what the digit then really does, pressed in a
// copy of the same console (the footer, help and screen reader
// say exactly what each key does).

const question = (agent: string): AepEvent =>
  requested(
    { kind: 'question', prompt: 'Which port?', options: [], respond_via: ['control'] },
    { agent, session: `s-${agent}`, source: `aep://host-a/agent/${agent}` },
  );
const permissionWith = (agent: string, ids: string[]): AepEvent =>
  permissionFrom(agent, `s-${agent}`, 'Run a tool?', {
    data: {
      kind: 'permission',
      prompt: 'Run a tool?',
      options: ids.map((id) => ({ id, label: id })),
      respond_via: ['control'],
    },
  });
const pair = () => [
  permissionFrom('alpha', 'sa', 'Drop the table?'),
  permissionFrom('bravo', 'sb', 'git push --force'),
];

const STATES: { note: string; events: () => AepEvent[]; reads: string[] }[] = [
  { note: 'opened with Enter: empty Reply', events: pair, reads: ['\r'] },
  { note: 'opened with a digit: on an option', events: pair, reads: ['2'] },
  { note: 'Reply holds text', events: pair, reads: ['\r', 'ok'] },
  { note: 'after Tab', events: pair, reads: ['\r', '\t'] },
  { note: 'a question without options', events: () => [question('delta')], reads: ['\r'] },
  { note: 'a batch of alike requests', events: pair, reads: [' ', ' ', '\r'] },
  {
    note: 'a batch sharing one option',
    events: () => [permissionWith('alpha', ['allow', 'deny']), permissionWith('bravo', ['allow', 'skip'])],
    reads: [' ', ' ', '\r'],
  },
  { note: 'a batch sharing none', events: () => [question('delta'), question('echo')], reads: [' ', ' ', '\r'] },
  { note: 'a batch after Tab', events: pair, reads: [' ', ' ', '\r', '\t'] },
];

type Does = 'pick' | 'type' | 'refuse';

/** What digit n did, pressed after the state's reads. */
function pressed(state: (typeof STATES)[number], n: number): Does {
  const k = keyConsole(state.events());
  k.read(...state.reads);
  const batch = drawnAs(k.model.inbox) === 'batch';
  const reply = batch ? k.model.inbox.batch.reply.value : k.reply();
  k.read(String(n));
  assert.deepEqual(k.sent(), [], 'a digit never sends');
  const after = batch ? k.model.inbox.batch.reply.value : k.reply();
  if (after === `${reply}${n}`) return 'type';
  assert.equal(after, reply, `${state.note}, ${n}: a digit that is not typed leaves the reply`);
  if (/^No option \d/.test(k.model.inbox.notice ?? '')) return 'refuse';
  const highlight = batch ? k.model.inbox.batch.highlight : k.highlight();
  assert.equal(highlight, n - 1, `${state.note}, ${n}: neither typed nor refused, so picked`);
  return 'pick';
}

/** What the footer says digit n does. */
function footerSays(footer: string, n: number, batch: boolean): Does | undefined {
  if (/every key is text|digits are text/.test(footer)) return 'type';
  if (/digits refused/.test(footer)) return 'refuse';
  const range = /(\d)(?:-(\d))? choose/.exec(footer);
  assert.ok(range, `the footer names the digits: ${footer}`);
  const top = Number(range[2] ?? range[1]);
  if (n <= top) return 'pick';
  // Beyond the range the footer is silent; help says the rest: text in one request, refused in a batch.
  return batch ? 'refuse' : 'type';
}

/** What the screen reader's sentence about the highlight says digit n does. */
function readerSays(sentences: string, n: number, batch: boolean): Does {
  if (/Every key is text|your text so far|digits are text/.test(sentences)) return 'type';
  if (/a digit is refused/.test(sentences)) return 'refuse';
  const range = /A digit from 1 to (\d) picks|The digit (1) picks|Selected: option \d/.exec(sentences);
  assert.ok(range, `the screen reader says what a digit does: ${sentences}`);
  const top = range[1] ?? range[2] ?? '9';
  if (n <= Number(top)) return 'pick';
  return batch ? 'refuse' : 'type';
}

test('the footer and the screen reader say what each digit then does', () => {
  for (const state of STATES) {
    const k = keyConsole(state.events());
    k.read(...state.reads);
    const batch = drawnAs(k.model.inbox) === 'batch';
    const footer = view(k.model)
      .footer.map((s) => s.text)
      .join('');
    const spoken = regionSentences(k.model, NOW).join(' ');
    const options = batch ? undefined : k.store.request(k.model.inbox.openKey!)!.payload.options.length;
    for (let n = 1; n <= 9; n++) {
      const does = pressed(state, n);
      assert.equal(footerSays(footer, n, batch), does, `${state.note}: the footer "${footer}" and digit ${n}`);
      // On an option row the reader names the option selected: a digit in range picks, as the footer says.
      if (/Selected: option/.test(spoken) && options !== undefined && n > options) continue;
      assert.equal(readerSays(spoken, n, batch), does, `${state.note}: the screen reader "${spoken}" and digit ${n}`);
    }
  }
});

test('help says the same: digits pick on an empty Reply row, are text after Tab, are refused in a batch without option N', () => {
  const rows = keyRows();
  const answerDigits = rows.find((row) => row.scope === 'answer' && row.keys === '1-9')!;
  assert.match(answerDigits.does, /on an empty Reply row too/);
  assert.match(answerDigits.does, /text where the request has no option N, once Reply holds text, and after Tab/);
  assert.match(rows.find((row) => row.scope === 'answer' && row.keys === 'Tab')!.does, /every key text, digits too/);
  assert.match(
    rows.find((row) => row.scope === 'batch' && row.keys.includes('1-9'))!.does,
    /a digit with no shared option N is refused/,
  );
  assert.match(
    rows.find((row) => row.scope === 'anywhere' && row.keys === 'keys after a send')!.does,
    /dropped, and the footer counts them/,
  );
});

test('a letter the footer names (a always, ? help) acts there: on the Reply row, where it would be typed, the footer does not name it', () => {
  for (const state of STATES) {
    const k = keyConsole(state.events());
    k.read(...state.reads);
    const footer = view(k.model)
      .footer.map((s) => s.text)
      .join('');
    for (const hint of footer.split(' · ')) {
      const key = /^(\S) \S/.exec(hint)?.[1];
      if (!key || /\d/.test(key)) continue;
      const copy = keyConsole(state.events());
      copy.read(...state.reads);
      const batch = drawnAs(copy.model.inbox) === 'batch';
      const before = batch ? copy.model.inbox.batch.reply.value : copy.reply();
      copy.read(key);
      const after = batch ? copy.model.inbox.batch.reply.value : copy.reply();
      assert.ok(
        after === before || after === undefined,
        `${state.note}: the footer says "${hint}", but ${key} was typed`,
      );
    }
  }
});
