// End to end, as a script author works: `list --json` read alone (no screen,
// no knowledge of what the agents raised), `respond` arguments built from
// its members only, and the demo agents apply what was sent. A permission,
// a question, a form with every field type, and ids (request, option,
// field, choice) holding characters the sanitizer marks: ids come through
// losslessly, labels and prompts sanitized. The text outputs name each id,
// and the answer is signed by the person (`--name` defaults to $USER@host).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import type { AppliedAnswer } from '../../src/demo/agent-decide.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { defaultName } from '../../src/cli/name-args.js';
import { cliEntry } from './cli-entry.js';
import { patient } from '../support/patience.js';

const TOKEN = 'tok-list-json-respond-3e9f';
const runner = await cliEntry();
const state = mkdtempSync(join(tmpdir(), 'aep-listjson-'));
const USER = 'ada';
let relay: DemoRelay;
let agent: DemoAgent;
const applied = new Map<string, { answer: AppliedAnswer; by: string }>();

// Characters the sanitizer marks (bidi override, ESC, zero-width space, C1, a tag character).
const ODD = '\u202e\u001b[2J\u200b\u009b\u{e0041}';

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
  agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name: 'scripted-1',
    script: 'none',
    ackWindowMs: 1000,
    onAnswered: (id, answer, by) => applied.set(id, { answer, by }),
  });
});
after(async () => {
  await agent.close();
  await relay.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: state,
    XDG_STATE_HOME: state,
    AEP_TOKEN: TOKEN,
    AEP_RELAY: relay.url,
    USER,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [runner, ...args], { env, timeout: patient(30_000) }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

interface Choice {
  id: string;
  label: string;
}
interface Field {
  id: string;
  type: string;
  label: string;
  required: boolean;
  default?: unknown;
  min?: number;
  max?: number;
  multi?: boolean;
  other?: boolean;
  choices?: Choice[];
}
interface Row {
  id: string;
  source: string;
  session: string;
  kind: string;
  state: string;
  prompt: string;
  options: Choice[];
  fields?: Field[];
}

/** A form's values from its fields alone: the default where there is one, else a value of the field's type. */
function valuesFor(fields: Field[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined) values[field.id] = field.default;
    else if (field.type === 'number') values[field.id] = field.min ?? 0;
    else if (field.type === 'boolean') values[field.id] = true;
    else if (field.type === 'select' && field.multi) values[field.id] = field.choices!.map((c) => c.id);
    else if (field.type === 'select') values[field.id] = field.choices!.at(-1)!.id;
    else values[field.id] = 'from a script';
  }
  return values;
}

/** What a script would run for one row of `list --json`: nothing but the row goes in. */
function respondArgs(row: Row): string[] {
  const answer = row.fields?.length
    ? ['--values', JSON.stringify(valuesFor(row.fields))]
    : row.options.length
      ? ['--option', row.options[0]!.id]
      : ['--text', 'main'];
  return ['respond', row.id, ...answer, '--source', row.source, '--session', row.session, '--json'];
}

test('respond arguments built from list --json alone: a permission, a question and a form with every field type, odd ids included, are applied as sent', async () => {
  const permission = agent.raise({
    id: `01JPERM${ODD}`,
    kind: 'permission',
    prompt: `Bash: rm -rf build/ ${ODD}`,
    options: [
      { id: `allow${ODD}`, label: `Allow ${ODD}` },
      { id: 'deny', label: 'Deny' },
    ],
    severity: 'warning',
  });
  const question = agent.raise({ id: `01JQUES\u2066${ODD}`, kind: 'input', prompt: 'Which branch?' });
  const form = agent.raise({
    id: `01JFORM${ODD}`,
    kind: 'form',
    prompt: 'Deploy settings',
    fields: [
      { id: `name${ODD}`, type: 'string', label: `Service ${ODD}`, required: true, default: 'api' },
      { id: 'replicas', type: 'number', label: 'Replicas', required: true, min: 2, max: 5 },
      { id: 'canary', type: 'boolean', label: 'Canary', default: false },
      {
        id: 'region',
        type: 'select',
        label: 'Region',
        required: true,
        choices: [
          { id: `eu${ODD}`, label: `EU ${ODD}` },
          { id: 'us', label: 'US' },
        ],
      },
      {
        id: 'checks',
        type: 'select',
        label: 'Checks',
        multi: true,
        choices: [
          { id: `lint${ODD}`, label: 'Lint' },
          { id: 'unit', label: 'Unit' },
        ],
        default: ['unit'],
      },
      {
        id: 'owner',
        type: 'select',
        label: 'Owner',
        other: true,
        choices: [{ id: 'ops', label: 'Ops' }],
        default: 'someone else',
      },
    ],
  });

  const listed = await run(['list', '--json']);
  assert.equal(listed.code, 0, listed.stderr);
  assert.doesNotMatch(
    listed.stdout,
    /[\u001b\u009b\u202e\u200b\u2066]|\u{e0041}/u,
    'nothing a terminal acts on reaches stdout raw',
  );
  const rows = listed.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);
  const pending = rows.filter((r) => r.state === 'pending');
  assert.equal(pending.length, 3, listed.stdout);

  // The members a script needs, ids lossless, labels and the prompt sanitized.
  const byId = new Map(pending.map((r) => [r.id, r]));
  assert.deepEqual([...byId.keys()].sort(), [permission, question, form].sort(), 'request ids exactly as raised');
  const perm = byId.get(permission)!;
  assert.deepEqual(
    perm.options.map((o) => o.id),
    [`allow${ODD}`, 'deny'],
  );
  assert.match(perm.options[0]!.label, /^Allow ⟨U\+202E⟩␛\[2J⟨U\+200B⟩⟨U\+009B⟩⟨U\+E0041⟩$/);
  assert.match(perm.prompt, /^Bash: rm -rf build\/ ⟨U\+202E⟩␛/);
  assert.deepEqual(byId.get(question)!.options, []);
  assert.equal(byId.get(question)!.fields, undefined, 'no fields on a question');
  const fields = byId.get(form)!.fields!;
  assert.deepEqual(
    fields.map((f) => [
      f.id,
      f.type,
      f.required,
      f.default,
      f.min,
      f.max,
      f.multi,
      f.other,
      f.choices?.map((c) => c.id),
    ]),
    [
      [`name${ODD}`, 'string', true, 'api', undefined, undefined, undefined, undefined, undefined],
      ['replicas', 'number', true, undefined, 2, 5, undefined, undefined, undefined],
      ['canary', 'boolean', false, false, undefined, undefined, undefined, undefined, undefined],
      ['region', 'select', true, undefined, undefined, undefined, undefined, undefined, [`eu${ODD}`, 'us']],
      ['checks', 'select', false, ['unit'], undefined, undefined, true, undefined, [`lint${ODD}`, 'unit']],
      ['owner', 'select', false, 'someone else', undefined, undefined, undefined, true, ['ops']],
    ],
  );
  assert.match(fields[0]!.label, /^Service ⟨U\+202E⟩␛/);
  assert.match(fields[3]!.choices![0]!.label, /^EU ⟨U\+202E⟩␛/);

  // The text output names every id (sanitized: an odd id reads as one).
  const text = await run(['list']);
  assert.equal(text.code, 0, text.stderr);
  for (const id of [permission, question, form])
    assert.ok(text.stdout.includes(`[id ${id.slice(0, 7)}⟨U+`), `${id.slice(0, 7)} in:\n${text.stdout}`);
  assert.doesNotMatch(text.stdout, /[\u001b\u009b\u202e\u200b\u2066]/);

  // Answered from the rows alone.
  for (const row of pending) {
    const args = respondArgs(row);
    const answered = await run(args);
    assert.equal(answered.code, 0, `${JSON.stringify(args)}\n${answered.stdout}${answered.stderr}`);
    assert.equal((JSON.parse(answered.stdout) as { result: string }).result, 'applied');
  }

  const signer = defaultName({ USER }, hostname());
  assert.match(signer, /^ada@/);
  assert.deepEqual(applied.get(permission), { answer: { option: `allow${ODD}` }, by: signer });
  assert.deepEqual(applied.get(question), { answer: { text: 'main' }, by: signer });
  assert.deepEqual(applied.get(form), {
    answer: {
      values: {
        [`name${ODD}`]: 'api',
        replicas: 2,
        canary: false,
        region: 'us',
        checks: ['unit'],
        owner: 'someone else',
      },
    },
    by: signer,
  });
  // Every command the agent received is signed by the person, in a source the envelope rules accept.
  const commands = agent.received.filter((e) => e.type === 'control.attention.respond');
  assert.equal(commands.length, 3);
  for (const command of commands) {
    assert.equal(command.agent, signer);
    assert.ok(command.source.endsWith(`/agent/${encodeURIComponent(signer)}`), command.source);
  }

  // The history and the list afterwards name the ids too, and who answered.
  const history = await run(['history']);
  assert.equal(history.code, 0, history.stderr);
  for (const id of [permission, question, form])
    assert.ok(history.stdout.includes(`[id ${id.slice(0, 7)}⟨U+`), history.stdout);
  const after = (await run(['list', '--json'])).stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row & { outcome?: { by?: string } });
  for (const id of [permission, question, form]) assert.equal(after.find((r) => r.id === id)?.outcome?.by, signer);
});
