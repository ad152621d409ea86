import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requested } from '../support/events.js';
import { KEY, lines, permissionFrom, renderApp, type Harness } from '../support/ui.js';

// What the screen says a digit, Tab and Enter do, and what they then do, on
// the rendered console (ink-testing-library): the footer, the detail's
// highlight, the screen reader's sentences, and what went on the wire.

const pair = () => [
  permissionFrom('alpha', 'sa', 'Drop the table?'),
  permissionFrom('bravo', 'sb', 'git push --force'),
];
const footer = (h: Harness) => lines(h.frame()).filter(Boolean).at(-1) ?? '';
const answers = (h: Harness) => h.client.sent.map((e) => JSON.stringify((e.data as { answer: unknown }).answer));

test('an open request: the footer says 1-2 choose, and 2 then Enter sends Deny; typed text and Tab make digits text, and the footer says so', async (t) => {
  const h = await renderApp({ events: pair() });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(footer(h), /^↑\/↓ 1-2 choose · Tab types digits · /);
  await h.press('2');
  assert.match(h.frame(), /^▸ 2 Deny/m, 'the digit highlights option 2, numbered on screen');
  assert.equal(h.client.sent.length, 0, 'a digit alone sends nothing');
  await h.press(KEY.enter);
  assert.deepEqual(answers(h), ['{"option":"deny"}']);

  await h.press(KEY.enter, 'o', 'k');
  assert.match(footer(h), /^↑\/↓ choose · digits are text · /);
  await h.press('2');
  assert.match(h.frame(), /Reply: ok2/);
  await h.press(KEY.esc, KEY.enter, KEY.backspace, KEY.backspace, KEY.backspace, KEY.tab);
  assert.match(footer(h), /^every key is text \(Tab\) · /);
  await h.press('1', '2', KEY.enter);
  assert.deepEqual(answers(h), ['{"option":"deny"}', '{"text":"12"}']);
});

test('a question without options: the footer says digits are text, and 8080 Enter sends the text', async (t) => {
  const h = await renderApp({
    events: [
      requested(
        { kind: 'question', prompt: 'Which port?', options: [], respond_via: ['control'] },
        { agent: 'delta', session: 'sd', source: 'aep://h/agent/delta' },
      ),
    ],
  });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(footer(h), /^digits are text · /);
  await h.press('8', '0', '8', '0', KEY.enter);
  assert.deepEqual(answers(h), ['{"text":"8080"}']);
});

test('a batch: the shared options numbered, 1 Enter y sends option 1 to each; a digit with no shared option is refused with words', async (t) => {
  const h = await renderApp({ events: pair() });
  t.after(h.unmount);
  await h.press(KEY.space, KEY.space);
  assert.match(footer(h), /^2 marked: Enter\/1-2 answer them/);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^ {2}1 Allow {2}\[allow\]$/m, 'the shared options, numbered');
  assert.match(footer(h), /^↑\/↓ 1-2 choose · Tab types digits/);
  await h.press('1');
  assert.match(h.frame(), /^▸ 1 Allow/m);
  await h.press(KEY.enter);
  assert.match(footer(h), /Send "Allow" to 2 requests\? y\/n/);
  await h.press('y');
  assert.deepEqual(answers(h), ['{"option":"allow"}', '{"option":"allow"}']);

  const odd = await renderApp({
    events: ['deny', 'skip'].map((other, i) =>
      permissionFrom(`agent${i}`, `s${i}`, 'Run it?', {
        data: {
          kind: 'permission',
          prompt: 'Run it?',
          options: [
            { id: 'allow', label: 'Allow' },
            { id: other, label: other },
          ],
          respond_via: ['control'],
        },
      }),
    ),
  });
  t.after(odd.unmount);
  await odd.press(KEY.space, KEY.space, KEY.enter);
  assert.match(footer(odd), /^↑\/↓ 1 choose · /, 'one shared option: 1 only');
  await odd.press('2');
  assert.match(footer(odd), /^No option 2 is common to the marked requests \(they share 1\)/);
  assert.match(odd.frame(), /^▸ Reply:$/m, 'nothing typed: the Reply row is still empty');
  assert.equal(odd.client.sent.length, 0);
});

test('where TERM marks pastes, Enter and j in one read send "ok" and the footer counts the dropped j', async (t) => {
  const h = await renderApp({ events: pair(), pasteMarks: true, env: { TERM: 'tmux-256color' } });
  t.after(h.unmount);
  await h.press(KEY.enter, 'o', 'k', '\rj');
  assert.deepEqual(answers(h), ['{"text":"ok"}']);
  assert.match(footer(h), /^Dropped 1 key that came in the same read as the send \(one send per read\)\./);
  assert.match(h.frame(), /^▸● .*bravo/m, 'the selection went on to bravo, and j did not move it');
});

test('where TERM is unknown, the same read is taken for a paste: the reply reads "ok j" and nothing is sent', async (t) => {
  const h = await renderApp({ events: pair(), pasteMarks: true, env: { TERM: 'linux' } });
  t.after(h.unmount);
  await h.press(KEY.enter, 'o', 'k', '\rj');
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /Reply: ok j/);
});

test('the screen reader says what a digit does, and what Tab made of it', async (t) => {
  const h = await renderApp({ events: pair(), screenReader: true });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(
    h.frame(),
    /^Selected: Reply, empty\. A digit from 1 to 2 picks that option, and Enter then sends it\. Other keys type a reply; Tab first makes digits text too\.$/m,
  );
  assert.match(h.frame(), /1-2 choose; Tab types digits/, 'the footer, read out');
  await h.press('2');
  assert.match(h.frame(), /^Selected: option 2, Deny\. Enter sends it\.$/m);
  await h.press(KEY.tab);
  assert.match(h.frame(), /^Selected: Reply, empty\. Every key is text here, digits too, until Enter or Escape\.$/m);
  await h.press('7');
  assert.match(h.frame(), /^Selected: Reply, your text so far: 7\. Every key is text here/m);
  await h.press(KEY.esc, ' ', ' ', KEY.enter);
  assert.match(
    h.frame(),
    /^Selected: Reply, empty\. A digit from 1 to 2 picks that option/m,
    'the batch says the same of its shared options',
  );
});
