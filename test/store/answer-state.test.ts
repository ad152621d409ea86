// An answer's states (store/answer/): how a command is in one, and what
// each one says in every place that reads it. The history's values and
// respond's results are file and exit contracts: a table here pins them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ANSWER_STATES,
  OUTCOME_STATES,
  answerState,
  outcomeColor,
  outcomeLead,
  stands,
  type AnswerFacts,
  type AnswerState,
  type CommandState,
  type Say,
} from '../../src/store/answer/index.js';

const facts = (state: CommandState, more: Partial<AnswerFacts> = {}): AnswerFacts => ({
  state,
  queued: false,
  attempts: 1,
  ackWindowMs: 30_000,
  event: { session: 's1' },
  ...more,
});

/** Keys filled as `K`, marks as letters: a word that names a key without say.keys keeps its brace. */
const say: Say = {
  keys: (template) => template.replace(/\{(resend|drop)\}/g, 'K'),
  yes: 'Y',
  no: 'N',
  gone: 'G',
  ellipsis: 'E',
  dash: 'D',
  ms: (n) => `${n} ms`,
};

const CASES: [string, AnswerFacts, AnswerState][] = [
  ['at the gate, waiting for a read', facts('sending', { gate: 'waiting', queued: true }), 'waiting'],
  ['queued for a connection', facts('sending', { queued: true, attempts: 0 }), 'queued'],
  ['on the wire', facts('sending'), 'sent'],
  ['held at the gate', facts('held', { reason: 'Not sent: two agents' }), 'held'],
  ['accepted', facts('accepted'), 'accepted'],
  ['rejected by the agent', facts('rejected', { reason: 'bad', detail: 'field x' }), 'rejected'],
  ['refused by the relay', facts('refused-by-relay', { code: 'no-route' }), 'refused'],
  ['no ack', facts('timeout', { attempts: 3 }), 'timed out'],
  ['refused by the gate first', facts('not-sent', { code: 'gate', reason: 'Not sent: x' }), 'not sent'],
  ['dropped while held', facts('not-sent', { code: 'dropped' }), 'dropped'],
  ['its request closed first', facts('not-sent', { reason: 'not sent: the request closed' }), 'closed'],
  ['the console stopped waiting', facts('stopped-waiting'), 'stopped waiting'],
];

describe('answer states', () => {
  it('a command is in exactly one state, read from its stored state and its fields', () => {
    for (const [what, command, state] of CASES) assert.equal(answerState(command), state, what);
    assert.equal(answerState(undefined), undefined, 'no answer, no state');
    assert.deepEqual(new Set(CASES.map(([, , state]) => state)), new Set(Object.keys(ANSWER_STATES)), 'every state');
  });

  it('only an answer on its way, accepted or held stands for its request', () => {
    const standing = CASES.filter(([, command]) => stands(command)).map(([, , state]) => state);
    assert.deepEqual(standing, ['waiting', 'queued', 'sent', 'held', 'accepted']);
    assert.equal(stands(undefined), false);
  });

  it('every word of every state is written, and names keys only through say.keys', () => {
    for (const [what, command, state] of CASES) {
      const words = ANSWER_STATES[state];
      const said = [
        words.short,
        words.row(command, say).text,
        words.detail(command, say).text,
        words.lock?.(say) ?? 'no lock',
        words.sentence('your deny', command, say),
        words.news?.('your deny', command, say) ?? 'no news',
      ];
      for (const text of said) {
        assert.ok(text.trim().length > 0, `${what}: a word is empty`);
        assert.doesNotMatch(text, /[{}]/, `${what}: a key left unfilled in "${text}"`);
      }
    }
  });

  it("the history's values and colours, as the file and `history --json` have them", () => {
    const history = Object.fromEntries(CASES.map(([, , state]) => [state, ANSWER_STATES[state].history?.state]));
    assert.deepEqual(history, {
      waiting: undefined,
      queued: undefined,
      sent: undefined,
      held: 'held',
      accepted: 'applied',
      rejected: 'rejected',
      refused: 'refused',
      'timed out': 'timeout',
      'not sent': 'not-sent',
      dropped: 'not-sent',
      closed: 'closed-elsewhere',
      'stopped waiting': 'stopped-waiting',
    });
    assert.deepEqual([...OUTCOME_STATES].sort(), [
      'applied',
      'closed-elsewhere',
      'held',
      'not-sent',
      'refused',
      'rejected',
      'stopped-waiting',
      'superseded',
      'timeout',
    ]);
    assert.deepEqual(OUTCOME_STATES.map((state) => [state, outcomeColor(state), outcomeLead(state)]).sort(), [
      ['applied', 'green', undefined],
      ['closed-elsewhere', 'yellow', undefined],
      ['held', 'red', 'held, not sent'],
      ['not-sent', 'yellow', 'not sent'],
      ['refused', 'red', undefined],
      ['rejected', 'red', undefined],
      ['stopped-waiting', 'yellow', undefined],
      ['superseded', 'yellow', undefined],
      ['timeout', 'yellow', undefined],
    ]);
  });

  it("respond's exit code and result for each state it ends on", () => {
    const ends = Object.fromEntries(
      CASES.map(([, command, state]) => {
        const end = ANSWER_STATES[state].respond?.(command);
        return [state, end && `${end.code} ${end.result}`];
      }),
    );
    assert.deepEqual(ends, {
      waiting: undefined,
      queued: undefined,
      sent: undefined,
      held: '3 held',
      accepted: undefined,
      rejected: '3 rejected',
      refused: '3 no-route',
      'timed out': '4 no-ack',
      'not sent': '3 not-sent',
      dropped: '3 not-sent',
      closed: '3 not-sent',
      'stopped waiting': undefined,
    });
  });
});
