// The history view's words for the gate's outcomes: a held answer and one
// not sent read as a person says them, with the gate's words, never
// `not-sent: Not sent: …`; the other outcomes as the CLI's history says them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Decision } from '../../src/store/decisions.js';
import { outcomeWords } from '../../src/ui/history/history-view.js';
import { outcomeSummary } from '../../src/store/decision-query.js';

const RISK =
  'Not sent: aep://host-b/agent/deployer has sent Events in session "shared" since this request. Commands are routed by session name (AEP-0004 §2.2), so it could reach the wrong agent.';

function decision(outcome: Decision['outcomes'][number]): Decision {
  return {
    time: '2026-12-07T20:00:00.000Z',
    relay: 'http://127.0.0.1:8787',
    source: 'aep://host-a/agent/deployer',
    agent: 'deployer',
    session: 'shared',
    request: 'req-1',
    kind: 'permission',
    prompt: 'deploy prod?',
    action: 'answer',
    sent: { option: 'allow' },
    by: 'you',
    command_id: 'cmd-1',
    capture: 'redacted',
    outcomes: [outcome],
  };
}

test('held and not sent read with the gate words; others as the CLI says them', () => {
  const time = '2026-12-07T20:00:05.000Z';
  assert.equal(
    outcomeWords(decision({ time, state: 'held', reason: RISK })),
    `held, not sent: ${RISK.slice('Not sent: '.length)}`,
  );
  assert.equal(
    outcomeWords(decision({ time, state: 'not-sent', reason: 'dropped by the operator while held' })),
    'not sent: dropped by the operator while held',
  );
  assert.equal(outcomeWords(decision({ time, state: 'not-sent' })), 'not sent');
  const applied = decision({ time, state: 'applied', option: 'allow', by: 'deployer' });
  assert.equal(outcomeWords(applied), outcomeSummary(applied));
});
