import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUriSource, parseEvent } from '../../src/protocol/parse.js';
import { mulberry32, mutate } from '../support/prng.js';

// The pattern sources were held to before the check became a scan of character codes: the model it must agree with.
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

test('isUriSource agrees with the pattern it replaced, on chosen and mutated sources', () => {
  const chosen = [
    'aep://host1/agent/codex/session/s1',
    'urn:uuid:0f6c',
    'x:',
    'a+b.c-d:rest',
    'https://h/p?q=1#f',
    'aep://u@h/%41%7e',
    'mailto:a@b',
    'aep://h/a b',
    'aep://h/é',
    '1aep://h',
    ':nothing',
    'aep',
    '',
    'aep://h/%4',
    'aep://h/%zz',
    'aep://h/%',
    'aep//h',
    'a:%41',
    "a:[]@!$&'()*+,;=",
    'aep://h/\u0000',
    'aep://h/\u001b[31m',
    'aep://h/\u202e',
    'aep://h/"',
    'aep://h/<>',
    'aep://h/\\',
    'aep://h/{}',
    'aep://h/|^`',
  ];
  for (const v of chosen) assert.equal(isUriSource(v), URI.test(v), JSON.stringify(v));
  const random = mulberry32(11);
  const alphabet = 'aZ09+.-:/%?#[]@!$&\'()*,;=_~ "<>\\{}|^`\u00e9\u0000\u202eFf';
  for (let n = 0; n < 20_000; n++) {
    const v = mutate(chosen[n % 7], random, alphabet, 3);
    assert.equal(isUriSource(v), URI.test(v), JSON.stringify(v));
  }
});

test('an Event whose source is not an absolute URI is refused, naming the rule', () => {
  const event = {
    aep: '0.1',
    id: '1',
    type: 'agent.started',
    time: '2026-11-30T09:00:00Z',
    source: 'aep://h/a b',
    agent: 'a',
  };
  assert.deepEqual(parseEvent(JSON.stringify(event)), {
    ok: false,
    rule: 'AEP-0001 §5.1 #6',
    reason: 'source is not an absolute URI',
  });
  assert.equal(parseEvent(JSON.stringify({ ...event, source: 'aep://h/a' })).ok, true);
  // The last valid source is remembered (runs skip the scan): a different, invalid one after it is still refused.
  assert.equal(parseEvent(JSON.stringify({ ...event, source: 'aep://h/a' })).ok, true);
  assert.equal(parseEvent(JSON.stringify({ ...event, source: 'aep://h/a\u0007' })).ok, false);
  assert.equal(parseEvent(JSON.stringify({ ...event, source: 'aep://h/a' })).ok, true);
});
