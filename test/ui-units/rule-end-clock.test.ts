// A rule's end on a fake clock, through the update as the App runs it: the
// clock ticks at the end (not a minute later), and at that tick the rows
// stop saying the rule suggests (their cache keys on the rules that ended).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { initialModel, type Msg, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { nextTickMs } from '../../src/ui/clock.js';
import { initialRules } from '../../src/ui/rules/rule-state.js';
import { view, bodyRows } from '../../src/ui/view.js';
import type { Rule } from '../../src/protocol/rules.js';
import type { Line } from '../../src/ui/text/line.js';
import { permissionFrom } from '../support/ui-events.js';

const RELAY = 'http://relay.test';
const T0 = Date.parse('2026-07-03T10:00:00Z');
const text = (l: Line): string => l.map((s) => s.text).join('');

/** A rule for codex's requests that needs no cause, ending `inMs` after T0. */
const ending = (inMs: number): Rule => ({
  name: 'codex ok',
  match: { agent: 'codex' },
  decide: { option: 'allow' },
  until: T0 + inMs,
});

function rig(rules: Rule[]) {
  let now = T0;
  const store = new ConsoleStore({ now: () => now });
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  let model: UiModel = {
    ...initialModel(store, { columns: 100, rows: 30 }, now, { bell: false, notify: false }),
    rules: initialRules(rules),
  };
  const dispatch = (msg: Msg): void => {
    model = update(model, msg, { store, now: () => now }).model;
  };
  store.subscribe((change) => dispatch({ type: 'store', change }));
  return {
    get model() {
      return model;
    },
    apply: (...events: Parameters<ConsoleStore['applyEvent']>[1][]) =>
      store.batch(() => events.forEach((e) => store.applyEvent(RELAY, e))),
    /** The clock moves on `ms`, ticking when the App's clock would (nextTickMs). */
    wait(ms: number) {
      const until = now + ms;
      while (now < until) {
        now = Math.min(until, now + Math.max(1, nextTickMs(model, 1000)));
        dispatch({ type: 'tick' });
      }
    },
    rows: () => bodyRows(view(model)).map(text),
  };
}

test('the clock ticks at a rule end, not a minute later; an ended rule or none leaves the minute', () => {
  const r = rig([ending(10_000)]);
  assert.equal(nextTickMs(r.model, 1000), 10_005, 'just past the end');
  assert.equal(nextTickMs(rig([ending(-1)]).model, 1000), 60_005, 'ended already: nothing to wait for');
  assert.equal(nextTickMs(rig([{ ...ending(0), until: undefined }]).model, 1000), 60_005, 'no end');
});

test("at the tick of a rule's end, the rows stop saying it suggests", () => {
  const r = rig([ending(90_000)]);
  r.apply(permissionFrom('codex', 's1', 'deploy'));
  assert.ok(
    r.rows().some((row) => /rule: allow \(codex ok\)/.test(row)),
    r.rows().join('\n'),
  );
  r.wait(89_000);
  assert.ok(
    r.rows().some((row) => /rule: allow \(codex ok\)/.test(row)),
    'within its end it still suggests',
  );
  r.wait(1_000);
  assert.ok(!r.rows().some((row) => /rule: allow/.test(row)), r.rows().join('\n'));
});
