// The outbox's notions of "the same relay" and "the same process":
// one canonical spelling per relay, and a process named by pid plus start time.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { processStart } from '../../src/files/process-start.js';
import { canonicalRelay } from '../../src/protocol/relay-url.js';

describe('canonicalRelay', () => {
  const same: [string, string][] = [
    ['ws://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['WS://LOCALHOST:8080', 'http://localhost:8080'],
    ['http://h:8080/socket', 'http://h:8080'],
    ['wss://h/a/socket/', 'https://h/a'],
    ['ws://h:80', 'http://h'],
    ['https://h:443/', 'wss://h'],
    ['http://user:secret@h:1/?token=x#f', 'http://h:1'],
    ['http://[::1]:9/', 'ws://[::1]:9'],
  ];
  for (const [a, b] of same) it(`${a} is ${b}`, () => assert.equal(canonicalRelay(a), canonicalRelay(b)));

  const different: [string, string][] = [
    ['http://h:1', 'http://h:2'],
    ['http://h', 'https://h'],
    ['http://h/a', 'http://h/b'],
    ['http://h', 'http://g'],
  ];
  for (const [a, b] of different) it(`${a} is not ${b}`, () => assert.notEqual(canonicalRelay(a), canonicalRelay(b)));

  it('never keeps a credential, even from text that is not a URL', () => {
    assert.ok(!canonicalRelay('http://u:secret@h:1').includes('secret'));
    assert.ok(!canonicalRelay('nonsense//u:secret@x?token=secret').includes('secret'));
  });
});

describe('processStart', () => {
  it('reads field 22 of /proc/<pid>/stat, and nothing for pids that are not processes', (t) => {
    if (!existsSync('/proc/self/stat')) return t.skip('no /proc here');
    const stat = readFileSync(`/proc/${process.pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    assert.equal(processStart(process.pid), fields[19]);
    assert.match(processStart(process.pid) ?? '', /^\d+$/);
    for (const pid of [0, -1, 1.5, Number.NaN, 2 ** 40]) assert.equal(processStart(pid), undefined, String(pid));
  });
});
