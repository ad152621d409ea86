// The golden key sequences: every place the keys can be, driven
// by reads of the terminal through the update alone (key-console.ts), and
// what each sequence leaves. golden-keys.test.ts holds what the keys did
// when the bindings were reshaped into objects and the modals into a
// stack; a refactor of the key handling must leave every row as it is.
import { requested } from '../support/events.js';
import { permissionFrom, resolved } from '../support/ui-events.js';
import { RELAY, PASTE, keyConsole } from '../support/key-console.js';
import { parseRules } from '../../src/protocol/rules.js';
import type { AepEvent, RosterEntry } from '../../src/protocol/types.js';
import type { UiConfig } from '../../src/ui/model.js';
import type { Decision } from '../../src/store/decisions.js';
import type { HistoryRead } from '../../src/ui/history/history-state.js';
import { view, bodyRows } from '../../src/ui/view.js';
import { promptSentence } from '../../src/ui/screen-reader/regions.js';
import type { Line } from '../../src/ui/text/line.js';
import { drawnAs } from '../support/drawn-as.js';

const text = (row: Line) => row.map((segment) => segment.text).join('');

export const K = {
  esc: '\u001b',
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  tab: '\t',
  backTab: '\u001b[Z',
  enter: '\r',
  backspace: '\u007f',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  ctrlC: '\u0003',
  ctrlD: '\u0004',
  ctrlU: '\u0015',
  ctrlZ: '\u001a',
  paste: PASTE,
};

/** Three permissions, each its own agent, session and run. */
const fleet = (): AepEvent[] => [
  permissionFrom('alpha', 'sa', 'Drop the table?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
  permissionFrom('charlie', 'sc', 'npm publish', { run: 'r3' }),
];
const question = (): AepEvent[] => [
  requested(
    { kind: 'question', prompt: 'Which port?', options: [], respond_via: ['control'] },
    { agent: 'delta', session: 's-delta', source: 'aep://host-a/agent/delta' },
  ),
];
const form = (): AepEvent[] => [
  requested(
    {
      kind: 'form',
      prompt: 'Configure the deploy',
      fields: [
        { id: 'name', type: 'string', label: 'Service name', required: true },
        { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 10 },
        { id: 'staged', type: 'boolean', label: 'Staged rollout' },
        {
          id: 'env',
          type: 'select',
          label: 'Env',
          choices: [
            { id: 'stg', label: 'staging' },
            { id: 'prod', label: 'production' },
          ],
        },
      ],
      respond_via: ['control'],
    },
    { agent: 'echo', session: 's-echo', source: 'aep://host-a/agent/echo' },
  ),
];
const informational = (): AepEvent[] => [
  permissionFrom('foxtrot', 'sf', 'Shown here, answered there', {
    data: {
      kind: 'permission',
      prompt: 'Shown here, answered there',
      options: [{ id: 'allow', label: 'Allow' }],
      respond_via: ['ui'],
    },
  }),
];
const closed = (): AepEvent[] => {
  const done = permissionFrom('golf', 'sg', 'Already decided');
  return [done, resolved(done), ...fleet()];
};

const ROSTER: RosterEntry[] = ['alpha', 'bravo', 'charlie'].map((agent) => ({
  session: `s${agent[0]}`,
  agent,
  control: { accepts: ['control.attention.respond', 'control.cancel', 'control.pause', 'control.resume'] },
}));
/** A roster that knows another session only: the fleet's sessions have no live claimant. */
const NOBODY: RosterEntry[] = [
  { session: 's-other', agent: 'other', control: { accepts: ['control.attention.respond'] } },
];

const parsed = parseRules(
  JSON.stringify({
    rules: [
      {
        name: 'tests ok',
        match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'npm test' },
        decide: { option: 'allow' },
      },
    ],
  }),
);
const RULES: Partial<UiConfig> = { rules: parsed.ok ? parsed.rules : [] };

const decision = (i: number, agent: string): Decision => ({
  time: new Date(Date.parse('2026-07-03T09:00:00Z') + i * 60_000).toISOString(),
  relay: RELAY,
  source: `aep://host-a/agent/${agent}`,
  agent,
  session: `s${i}`,
  request: `req-${i}`,
  kind: 'permission',
  prompt: `Permission requested: Bash npm run task-${i}`,
  action: 'answer',
  sent: { option: i % 2 ? 'allow' : 'deny' },
  by: 'you',
  command_id: `cmd-${i}`,
  capture: 'redacted',
  outcomes: [
    {
      time: '2026-07-03T09:30:00Z',
      state: 'applied',
      option: i % 2 ? 'allow' : 'deny',
      by: 'aep-console',
      latency_ms: 100 + i,
    },
  ],
});
const HISTORY: HistoryRead = {
  decisions: [decision(2, 'codex'), decision(1, 'claude-code'), decision(0, 'codex')],
  skipped: 0,
  torn: false,
  problems: [],
};

export const FIXTURES = { fleet, question, form, informational, closed };

/** The fixture's events numbered on their own (the test builders count across a process that other files share): ids G001…, seq 1…, references kept. */
function numbered(events: AepEvent[]): AepEvent[] {
  const ids = new Map(events.map((e, i) => [e.id, `G${String(i + 1).padStart(3, '0')}`]));
  const renamed = (id: string | undefined) => (id === undefined ? undefined : (ids.get(id) ?? id));
  return events.map((e, i) => ({
    ...e,
    id: renamed(e.id)!,
    seq: i + 1,
    ...(e.subject ? { subject: renamed(e.subject) } : {}),
    ...(e.cause ? { cause: renamed(e.cause) } : {}),
  }));
}

export interface Sequence {
  /** The place the keys are in (a mode, a scope, or the question a modal asks). */
  scope: string;
  note: string;
  events?: keyof typeof FIXTURES;
  config?: 'rules';
  roster?: 'fleet' | 'nobody';
  history?: boolean;
  /** Each one read of the terminal. */
  reads: string[];
}

/** What a sequence leaves: the mode, selection, draft, the words on screen, and what was performed and sent. */
export interface Outcome {
  mode: string;
  selected?: string;
  open?: string;
  reply?: string;
  highlight?: number;
  notice?: string;
  hint?: string;
  footer: string;
  /** The footer as the screen reader says it, where its words differ from the footer's. */
  prompt?: string;
  /** The whole screen (status, body, footer), each row's end trimmed: kept in golden-screens/ (golden-screens.ts). */
  screen: string;
  effects: string[];
  sent: string[];
  quits: number;
}

export function run(sequence: Sequence): Outcome {
  const events = numbered(FIXTURES[sequence.events ?? 'fleet']());
  const h = keyConsole(events, sequence.config === 'rules' ? RULES : {}, sequence.history ? { history: HISTORY } : {});
  if (sequence.roster) h.store.setRoster(RELAY, sequence.roster === 'fleet' ? ROSTER : NOBODY);
  h.read(...sequence.reads);
  const model = h.model;
  const frame = view(model);
  const footer = text(frame.footer).trimEnd();
  const screen = [...frame.status, ...bodyRows(frame), frame.footer].map((row) => text(row).trimEnd()).join('\n');
  const open = model.inbox.openKey ? h.store.request(model.inbox.openKey) : undefined;
  const outcome: Outcome = {
    mode: drawnAs(model.inbox),
    selected: h.selectedAgent(),
    open: open?.agent,
    reply: h.reply(),
    highlight: h.highlight(),
    notice: model.inbox.notice,
    hint: model.inbox.hint,
    footer,
    prompt: promptSentence(model) === footer ? undefined : promptSentence(model),
    screen,
    effects: h.performed(),
    sent: [...h.sent(), ...h.client.controls.map((c) => `${c.request.verb} ${JSON.stringify(c.request)}`)],
    quits: h.quits(),
  };
  for (const key of Object.keys(outcome) as (keyof Outcome)[]) if (outcome[key] === undefined) delete outcome[key];
  return outcome;
}
