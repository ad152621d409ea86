// identity.ts, as a table: keys of different identities never meet,
// whatever the producer strings hold (U+001F, quotes, backslashes, lone
// surrogates), and a saved answer's request key is read back on this
// console's relay, from the current format and from the U+001F-joined one
// of older consoles (before keys were structured).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  commandKey,
  emitterSessionKey,
  parseRequestKey,
  requestKey,
  requestKeyIn,
  requestKeyOnRelay,
  requestKeyPrefix,
  runKey,
  sessionKey,
  subjectKey,
  tupleKey,
} from '../../src/store/identity.js';

const U = '\u001f';
const R = 'http://relay.test';
const S = 'aep://h/agent/a/session/x';

test('request identities that a U+001F join made equal have different keys', () => {
  // Each pair joined to one string with the old relay␟session␟source␟id.
  const pairs: [string, [string, string, string, string], [string, string, string, string]][] = [
    ['session vs source', [R, `b${U}c`, S, 'x'], [R, 'b', `c${U}${S}`, 'x']],
    ['session vs id, same source', [R, 'b', S, `x${U}${S}${U}y`], [R, `b${U}${S}${U}x`, S, 'y']],
    ['relay vs session', ['a', `b${U}c`, S, 'x'], [`a${U}b`, 'c', S, 'x']],
    ['source vs id', [R, 's', `${S}${U}y`, 'z'], [R, 's', S, `y${U}z`]],
  ];
  for (const [name, a, b] of pairs) {
    assert.equal([...a].join(U), [...b].join(U), `${name}: the old join collides`);
    assert.notEqual(requestKey(...a), requestKey(...b), name);
  }
});

test('every other kind of key keeps apart what a join merged, and kinds never meet', () => {
  const apart: [string, string, string][] = [
    ['session', sessionKey('a', `b${U}c`), sessionKey(`a${U}b`, 'c')],
    ['emitter session', emitterSessionKey(R, `${S}${U}b`, 'c'), emitterSessionKey(R, S, `b${U}c`)],
    ['run', runKey(R, S, `b${U}c`, 'r'), runKey(R, S, 'b', `c${U}r`)],
    ['command', commandKey('a', `b${U}c`), commandKey(`a${U}b`, 'c')],
    ['subject', subjectKey(R, 'b', `c${U}d`), subjectKey(R, `b${U}c`, 'd')],
    ['tuple', tupleKey('rule', `a${U}b`, 'c'), tupleKey('rule', 'a', `b${U}c`)],
    ['tuple number vs string', tupleKey('a', 1), tupleKey('a', '1')],
    ['session vs command', sessionKey(R, 'x'), commandKey(R, 'x')],
    ['emitter session vs subject', emitterSessionKey(R, S, 'x'), subjectKey(R, S, 'x')],
    ['request vs run', requestKey(R, 's', S, 'x'), runKey(R, 's', S, 'x')],
  ];
  for (const [name, a, b] of apart) assert.notEqual(a, b, name);
});

test('a request key is its prefix and id, and parses back to its parts', () => {
  const odd = ['', U, `${U}${U}`, '"', '\\', '",', '"]', '\ud800', 'é', '["request"'];
  for (const session of odd) {
    for (const id of odd) {
      const key = requestKey(R, session, S, id);
      assert.equal(requestKeyIn(requestKeyPrefix(R, session, S), id), key);
      assert.deepEqual(parseRequestKey(key), { relay: R, session, source: S, id });
    }
  }
});

test('strings that are not request keys do not parse', () => {
  const nots = [
    '',
    `${R}${U}s${U}${S}${U}x`,
    '["request","a","b","c"]',
    '["request","a","b","c","d","e"]',
    '["request","a","b","c",4]',
    '["session","a","b","c","d"]',
    '["request","a","b","c","d"',
    '["request",' + 'x'.repeat(100),
    sessionKey(R, 's'),
  ];
  for (const not of nots) assert.equal(parseRequestKey(not), undefined, JSON.stringify(not));
});

test("a journaled request key is read on this console's relay, in both formats", () => {
  const ws = 'ws://relay.test/';
  const hint = (session: string, subject: string) => ({ session, subject });
  const cases: {
    name: string;
    key: string;
    hint?: { session?: unknown; subject?: unknown };
    want: string | undefined;
  }[] = [
    {
      name: 'current format, relay spelled another way',
      key: requestKey(ws, 's1', S, 'q1'),
      hint: hint('s1', 'q1'),
      want: requestKey(R, 's1', S, 'q1'),
    },
    {
      name: 'current format holding U+001F',
      key: requestKey(ws, `b${U}c`, S, `x${U}y`),
      want: requestKey(R, `b${U}c`, S, `x${U}y`),
    },
    { name: 'old format, no hint', key: [ws, 's1', S, 'q1'].join(U), want: requestKey(R, 's1', S, 'q1') },
    {
      name: 'old format with its command',
      key: [ws, 's1', S, 'q1'].join(U),
      hint: hint('s1', 'q1'),
      want: requestKey(R, 's1', S, 'q1'),
    },
    {
      name: 'old format, session holding U+001F, read by its command',
      key: [ws, `b${U}c`, S, 'q1'].join(U),
      hint: hint(`b${U}c`, 'q1'),
      want: requestKey(R, `b${U}c`, S, 'q1'),
    },
    {
      name: 'old format, id holding U+001F, read by its command',
      key: [ws, 's1', S, `q${U}1`].join(U),
      hint: hint('s1', `q${U}1`),
      want: requestKey(R, 's1', S, `q${U}1`),
    },
    { name: 'old format holding U+001F, no hint: not guessed', key: [ws, `b${U}c`, S, 'q1'].join(U), want: undefined },
    {
      name: 'old format, its command names another request',
      key: [ws, 's1', S, 'q1'].join(U),
      hint: hint('s1', 'q2'),
      want: undefined,
    },
    {
      name: 'old format, its command names another session',
      key: [ws, 's1', S, 'q1'].join(U),
      hint: hint('s2', 'q1'),
      want: undefined,
    },
    {
      name: 'old format, session and id overlap in a short key',
      key: [ws, 's', 'q'].join(U),
      hint: hint(`s${U}q`, `s${U}q`),
      want: undefined,
    },
    { name: 'no format at all', key: 'k-1', want: undefined },
    {
      name: 'hint of the wrong types',
      key: [ws, 's1', S, 'q1'].join(U),
      hint: { session: 5, subject: null },
      want: requestKey(R, 's1', S, 'q1'),
    },
  ];
  for (const c of cases) assert.equal(requestKeyOnRelay(c.key, R, c.hint), c.want, c.name);
});
