// Rendering stress through <App>: enormous and hostile requests must draw
// inside the terminal, quickly, with producer text inert, and whatever is
// malformed must say "malformed" rather than vanish. Every frame Ink writes
// is checked, not only the last, and every render and key is timed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
// Color on (chalk finds none under the test runner), so the frames carry
// Ink's styling codes and the check below tells them from producer escapes.
import chalk from 'chalk';
import { ingestEvent } from '../../src/store/intake.js';
import type { AepEvent, FieldSpec } from '../../src/protocol/types.js';
import { requested } from '../support/events.js';
import { KEY, RELAY, flat, lines, renderApp, type Harness, type RenderOptions } from '../support/ui.js';

/** Wide CJK, emoji (ZWJ family, flag), stacked combining marks, Hebrew and Arabic, zero-width and bidi controls, C1 and ESC. */
const HOSTILE =
  '漢字テスト한국어 👩‍👩‍👧‍👦🇯🇵 e\u0301\u0302\u0303 שלום עולם مرحبا a\u200bb\u200dc\u2060d \u202eevil\u202c \u2067rtl\u2069 \u0085\u009b31m \u001b[31mred\u0007';
/** Raw code points that must never reach the terminal from producer text. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
const SGR = /\u001b\[[0-9;]*m/g;

const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 120, rows: 40 },
  { columns: 40, rows: 10 },
];

/** Longest render or key, per case, for the report at the end. */
const timings: string[] = [];
/** A render or key taking more CPU than this is a bug (seconds per key); the target is ~200 ms. */
const TOO_SLOW_MS = 1500;

before(() => {
  chalk.level = 1;
});
after(() => console.log(`render stress, slowest step per case:\n  ${timings.join('\n  ')}`));

interface Stress {
  h: Harness;
  step: (what: string, ...keys: string[]) => Promise<void>;
  done: () => void;
}

async function stress(
  name: string,
  size: { columns: number; rows: number },
  events: AepEvent[],
  options: RenderOptions = {},
): Promise<Stress> {
  let checked = 0;
  let slowest = { what: '', ms: 0 };
  const check = (h: Harness, what: string) => {
    const frames = h.frames();
    for (; checked < frames.length; checked++) {
      const raw = frames[checked];
      const where = `${name} ${size.columns}x${size.rows}, ${what}, frame ${checked}`;
      // Only Ink's own styling codes may carry ESC.
      assert.ok(
        !UNSAFE.test(raw.replace(SGR, '')),
        `${where}: a raw control character reached the terminal\n${JSON.stringify(raw)}`,
      );
      const rows = lines(raw.replace(SGR, ''));
      assert.ok(rows.length <= size.rows - 1, `${where}: ${rows.length} rows, at most ${size.rows - 1}\n${raw}`);
      for (const row of rows)
        assert.ok(stringWidth(row) <= size.columns, `${where}: row wider than ${size.columns}: ${JSON.stringify(row)}`);
    }
  };
  // Measured in this process's CPU time, not the clock's: the render and the keys are work done here, and
  // other work on a busy machine stretches the clock (many times over on two loaded cores), not this.
  const timed = async (what: string, run: () => Promise<void>) => {
    const start = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(start);
    const ms = (spent.user + spent.system) / 1000;
    if (ms > slowest.ms) slowest = { what, ms };
    assert.ok(ms < TOO_SLOW_MS, `${name} ${size.columns}x${size.rows}: ${what} took ${Math.round(ms)} ms`);
  };
  let h!: Harness;
  await timed('first render', async () => {
    h = await renderApp({ size, stdout: size, events, ...options });
  });
  check(h, 'first render');
  return {
    h,
    step: async (what, ...keys) => {
      for (const key of keys) await timed(what, () => h.press(key));
      check(h, what);
    },
    done: () => {
      timings.push(`${name} at ${size.columns}x${size.rows}: ${Math.round(slowest.ms)} ms (${slowest.what})`);
      h.unmount();
    },
  };
}

const MEGABYTE = 1024 * 1024;
const bigPrompt = (): string => {
  const paragraph = `${'All work and no play makes an agent a dull agent. '.repeat(40)}${HOSTILE}\n`;
  return paragraph.repeat(Math.ceil(MEGABYTE / paragraph.length)).slice(0, MEGABYTE);
};

for (const size of SIZES) {
  test(`${size.columns}x${size.rows}: a 1 MB prompt`, async () => {
    // Applied to the store directly: the parser refuses events over 1 MB, the renderer must not depend on that.
    const prompt = bigPrompt();
    assert.equal(prompt.length, MEGABYTE);
    const s = await stress('1 MB prompt', size, [requested({ kind: 'input', prompt, respond_via: ['control'] })]);
    await s.step('open', KEY.enter);
    if (size.rows >= 24) assert.match(s.h.frame(), /All work and no play/);
    await s.step('page down', KEY.pageDown, KEY.pageDown, KEY.pageDown);
    assert.match(flat(s.h.frame()), /more lines \(PgUp\/PgDn\)/);
    await s.step('type', 'not now');
    await s.step('back', KEY.esc);
    s.done();
  });
}

const formField = (i: number): FieldSpec => {
  switch (i % 4) {
    case 0:
      return { id: `f${i}`, type: 'string', label: `Text field ${i}`, required: i === 4000 };
    case 1:
      return { id: `f${i}`, type: 'number', label: `Number field ${i}`, min: 0, max: 10 };
    case 2:
      return { id: `f${i}`, type: 'boolean', label: `Yes or no ${i}` };
    default:
      return {
        id: `f${i}`,
        type: 'select',
        label: `Select ${i}`,
        choices: [
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B' },
        ],
        other: true,
      };
  }
};

for (const size of SIZES) {
  test(`${size.columns}x${size.rows}: a form with 5,000 fields`, async () => {
    const fields = Array.from({ length: 5000 }, (_, i) => formField(i));
    const s = await stress('5,000-field form', size, [
      requested({ kind: 'form', prompt: 'Configure everything', fields, respond_via: ['control'] }),
    ]);
    await s.step('open', KEY.enter);
    await s.step('type', 'a', 'b');
    await s.step('tab', KEY.tab, KEY.tab);
    await s.step('number', '7');
    await s.step('shift-tab', KEY.shiftTab);
    // Submit is one Shift-Tab before the first field; the required field 4000 is empty.
    await s.step('to submit', KEY.shiftTab, KEY.shiftTab);
    await s.step('submit', KEY.enter);
    assert.equal(s.h.client.sent.length, 0);
    // At 40x10 the form has two rows: the field's input alone is shown.
    if (size.rows >= 24) {
      assert.match(s.h.frame(), /Text field 4000\*/, 'submit moved to the field in error');
      assert.match(flat(s.h.frame()), /✗ required/);
    }
    s.done();
  });
}

for (const size of SIZES) {
  test(`${size.columns}x${size.rows}: a select with 10,000 choices, and 10,000 options`, async () => {
    const choices = Array.from({ length: 10_000 }, (_, i) => ({
      id: `c${i}`,
      label: i % 1000 === 7 ? HOSTILE : `Choice ${i}`,
    }));
    const options = Array.from({ length: 10_000 }, (_, i) => ({ id: `o${i}`, label: `Option ${i}` }));
    const s = await stress('10,000 choices', size, [
      requested({
        kind: 'form',
        prompt: 'Pick regions',
        fields: [{ id: 'r', type: 'select', label: 'Regions', multi: true, other: true, choices }],
        respond_via: ['control'],
      }),
      requested(
        { kind: 'input', prompt: 'Pick an option', options, respond_via: ['control'] },
        { session: 's-opts', source: 'aep://host-a/agent/claude-code/session/s-opts' },
      ),
    ]);
    await s.step('open the form', KEY.enter);
    await s.step('down', ...Array.from({ length: 8 }, () => KEY.down));
    await s.step('toggle', KEY.space);
    assert.match(s.h.frame(), /\[x\] /);
    await s.step('enter', KEY.enter);
    await s.step('back', KEY.esc, 'j');
    await s.step('open the options', KEY.enter);
    await s.step('up', KEY.up, KEY.up, KEY.up);
    assert.match(s.h.frame(), /▸ Option 9997/);
    s.done();
  });
}

for (const size of SIZES) {
  test(`${size.columns}x${size.rows}: wide, combining, right-to-left, zero-width and control characters in every label`, async () => {
    const source = 'aep://host-a/agent/hostile/session/s-h';
    const s = await stress('hostile labels', size, [
      requested(
        {
          kind: 'permission',
          prompt: `${HOSTILE}\n`.repeat(3),
          options: [
            { id: 'allow', label: HOSTILE },
            { id: HOSTILE, label: 'Deny' },
          ],
          respond_via: ['control'],
        },
        { agent: HOSTILE, session: HOSTILE, source },
      ),
      requested(
        {
          kind: 'form',
          prompt: HOSTILE,
          fields: [
            { id: 'a', type: 'string', label: HOSTILE },
            {
              id: 'b',
              type: 'select',
              label: HOSTILE,
              choices: [
                { id: 'x', label: HOSTILE },
                { id: HOSTILE, label: 'Y' },
              ],
            },
          ],
          respond_via: ['control'],
        },
        { session: 's-form', source: 'aep://host-a/agent/claude-code/session/s-form' },
      ),
    ]);
    await s.step('open', KEY.enter);
    await s.step('move', KEY.down, KEY.tab);
    await s.step('back', KEY.esc, 'j');
    await s.step('open the other', KEY.enter);
    await s.step('move', KEY.up, KEY.up);
    if (size.columns >= 80) {
      // The detail's rows alone (side by side: right of the rule), read as one text.
      const frame = flat(
        lines(s.h.frame())
          .map((l) => l.split(' │ ')[1] ?? l)
          .join('\n'),
      );
      for (const marker of ['⟨U+202E⟩evil', '⟨U+200B⟩', '⟨U+200D⟩', '⟨U+2067⟩rtl', '⟨U+009B⟩31m', '␛[31mred␇'])
        assert.ok(frame.includes(marker), `${marker} shown`);
    }
    s.done();
  });
}

const expiresAt = (value: unknown, extra: Partial<AepEvent> = {}) =>
  requested(
    {
      kind: 'permission',
      prompt: 'Deploy?',
      options: [{ id: 'yes', label: 'Yes' }],
      respond_via: ['control'],
      expires_at: value,
    },
    extra,
  );

for (const size of SIZES) {
  test(`${size.columns}x${size.rows}: an invalid expires_at, an unknown severity and malformed fields say "malformed"`, async () => {
    const malformedFields = [
      { id: 'ok', type: 'string', label: 'Fine' },
      { id: 'c', type: 'select', label: 'Choice without a label', choices: [{ id: 'a', label: 'A' }, { id: 'b' }] },
      { id: 'r', type: 'string', label: 'Required as text', required: 'yes' },
      { id: 'n', type: 'number', label: 'Bound as text', min: '1' },
      { id: 'd', type: 'date', label: 'Unknown type' },
      7,
    ];
    const s = await stress('malformed', size, [
      expiresAt('tomorrow at noon', { severity: 'catastrophic' as never }),
      requested(
        { kind: 'form', prompt: 'Half a form', fields: malformedFields, respond_via: ['control'] },
        { session: 's-f', source: 'aep://host-a/agent/claude-code/session/s-f' },
      ),
    ]);
    await s.step('open the form', KEY.enter);
    const form = s.h.frame();
    if (size.rows >= 24) {
      for (const label of ['Choice without a label', 'Required as text', 'Bound as text', 'Unknown type', 'field 6']) {
        assert.match(form, new RegExp(`${label}: malformed field`), `${label} says malformed\n${form}`);
      }
      assert.match(form, /This form cannot be filled in here/);
    }
    assert.match(form, /malformed/);
    await s.step('back', KEY.esc, 'j');
    await s.step('open the other', KEY.enter);
    // The detail's rows alone (side by side: right of the rule), read as one text.
    const frame = flat(
      lines(s.h.frame())
        .map((l) => l.split(' │ ')[1] ?? l)
        .join('\n'),
    );
    // Where the severity and the time left would be, and all the problems below the title.
    if (size.columns >= 80) assert.match(frame, /· info \(malformed\) · expiry malform/);
    assert.match(frame, /malformed request: severity: unknown severity, shown as info;/);
    assert.match(frame, /data\.expires_at: not an RFC 3339 time/);
    s.done();
  });
}

test('an unknown severity off the wire is refused by the parser and counted on screen, not dropped silently', async () => {
  const s = await stress('refused event', { columns: 80, rows: 24 }, []);
  const event = { ...expiresAt('2026-07-03T10:05:00Z'), severity: 'catastrophic' };
  await s.h.apply([]);
  ingestEvent(s.h.store, RELAY, JSON.stringify(event), false);
  await s.h.settle();
  await s.step('settle');
  assert.match(s.h.frame(), /1 invalid events/);
  assert.equal(s.h.store.allRequests().length, 0);
  s.done();
});
