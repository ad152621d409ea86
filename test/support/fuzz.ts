// Seeded hostile frames for the relay client's frame handler and the store
// (test/hardening/fuzz.test.ts, `npm run fuzz`). The run starts with a
// systematic sweep: the golden stream twice (the second pass is all
// duplicates), every invalid case, and for every attribute and payload member
// of every golden event a copy with that member missing and copies with it
// replaced by a value of each other JSON type. Then random frames forever:
// mutated golden events, lifecycle events aimed at recent requests (so
// requests end, get pruned, orphans are held), duplicate ids, seq regressions
// and epoch changes, huge strings, deep nesting, many options and fields,
// relay frames, non-JSON text and binary frames.
//
// Left out on purpose: `closing` frames and `error` `version-unsupported`,
// which end the connection by design (the relay tests cover them), and text
// frames that are not UTF-8 (ws closes the socket with 1007 before the
// console sees them).

import { fixtureJson, goldenLines } from '../protocol/fixtures.js';
import { Rng } from './prng.js';

export interface FuzzFrame {
  data: string | Buffer;
  binary: boolean;
  /** What was done to it, for the per-kind counts a run prints. */
  mutation: string;
}

type Obj = Record<string, unknown>;
type Path = (string | number)[];

/** Producer text at its worst: escapes, C1, bidi, zero-width, NUL, a lone surrogate, wide and combining text. */
export const HOSTILE_TEXT =
  '\u001b]52;c;cm0=\u0007\u001b[2J\u009b31m\u202eevil\u2066\u200d\u200b\u0000\u007f\ud800 漢字👩‍👩‍👧 e\u0301 שלום';

/** Stands in for deep nesting in an object; swapped for the nested text after JSON.stringify (which would overflow). */
const DEEP = '\u0000deep\u0000';
const DEEP_JSON = JSON.stringify(DEEP);
/** JSON.stringify overflows the stack at a few thousand levels. */
const DEEP_SWEEP_DEPTH = 6000;

const WRONG_VALUES: Record<string, unknown[]> = {
  null: [null],
  boolean: [true, false],
  number: [0, -1, 1.5, 1e308, 2 ** 53 + 2],
  string: ['', 'x', HOSTILE_TEXT],
  array: [[], [1, 'a', null, {}]],
  object: [{}, { a: { b: [1] } }, DEEP],
};

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value === DEEP) return 'object';
  return typeof value;
}

const clone = <T>(value: T): T => structuredClone(value);

/** Every member path of an object, down to `depth`, the first `perArray` entries of lists. */
function paths(value: unknown, depth = 5, perArray = 2, prefix: Path = []): Path[] {
  if (depth === 0 || typeof value !== 'object' || value === null) return [];
  const out: Path[] = [];
  const keys: (string | number)[] = Array.isArray(value)
    ? value.slice(0, perArray).map((_, i) => i)
    : Object.keys(value);
  for (const key of keys) {
    const path = [...prefix, key];
    out.push(path, ...paths((value as Obj)[key as string], depth - 1, perArray, path));
  }
  return out;
}

function parentOf(root: Obj, path: Path): Obj | undefined {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Obj)[key as string];
  }
  return typeof node === 'object' && node !== null ? (node as Obj) : undefined;
}

function setAt(root: Obj, path: Path, value: unknown): void {
  const parent = parentOf(root, path);
  if (parent) parent[path[path.length - 1] as string] = value;
}

function removeAt(root: Obj, path: Path): void {
  const parent = parentOf(root, path);
  const key = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else if (parent) delete parent[key as string];
}

function nested(depth: number, rng: Rng): string {
  const [open, close] = rng.chance(0.7) ? ['[', ']'] : ['{"a":', '}'];
  return open.repeat(depth) + '1' + close.repeat(depth);
}

function huge(rng: Rng): string {
  const unit = rng.pick(['a', 'é', '漢', '👩‍👩‍👧', HOSTILE_TEXT, 'word ', '\n']);
  return unit.repeat(Math.ceil(rng.between(20_000, 1_200_000) / unit.length));
}

const RELAY_FRAMES: Obj[] = [
  {
    type: 'hello',
    versions: ['0.1'],
    role: 'relay',
    capabilities: { replay: { all: true }, roster: {}, control: { accepts: ['control.attention.respond'] } },
  },
  { type: 'subscribed', id: 'sub-1' },
  { type: 'replay-exhausted', sub: 'sub-1', session: 's_8f2c', earliest: { epoch: 0, seq: 3 } },
  {
    type: 'roster',
    id: 'r-1',
    entries: [
      {
        session: 's_8f2c',
        agent: 'claude-code',
        instance: 'h/1',
        control: { accepts: ['control.attention.respond'], ack_window_ms: 10_000 },
      },
    ],
  },
  { type: 'error', code: 'no-route', detail: 'no emitter for the session', cause: 'C1' },
  { type: 'error', id: 'sub-1', code: 'invalid-filter', detail: 'from all' },
  { type: 'ping', t: 1 },
  { type: 'pong', t: 1 },
  { type: 'unsubscribed', id: 'sub-1' },
  { type: 'frobnicate', x: 1 },
];

const ODD_TYPES = [
  'attention.bogus',
  'banana.peeled',
  'x.acme.thing.happened',
  'x.acme.foo',
  'ATTENTION.REQUESTED',
  'attention',
  'a.b',
  '.',
  'attention..requested',
  'control.attention.respond.x',
  'frobnicate',
];
const ODD_KINDS = ['', 'question', 'FORM', 'permission ', 'x.kind', HOSTILE_TEXT];
const GARBAGE_TEXT = [
  '',
  ' ',
  'not json',
  '{',
  '}}',
  '{"type":',
  'null',
  '42',
  '"text"',
  '[]',
  '[{"type":"attention.requested"}]',
  'NaN',
  '{"type":5}',
  '{"type":null}',
  '{"a":1}',
  '\u0000\u0001\u0002',
  '\ufeff{"type":"ping"}',
];

const OPS: Array<[string, number]> = [
  ['wrong-type', 30],
  ['missing', 15],
  ['odd-type', 6],
  ['odd-kind', 6],
  ['dup-id', 8],
  ['seq', 8],
  ['epoch', 6],
  ['hostile', 6],
  ['extension', 5],
  ['many', 0.6],
  ['deep', 0.6],
  ['huge', 0.25],
];
const OP_WEIGHT = OPS.reduce((sum, [, weight]) => sum + weight, 0);

interface Target {
  id: string;
  session: string;
  source: string;
  agent: string;
}

export class FrameFuzzer {
  private readonly rng: Rng;
  private readonly golden: Obj[];
  private readonly requests: Obj[];
  private readonly sweep: FuzzFrame[] = [];
  private sweepAt = 0;
  private counter = 0;
  private readonly seqs = new Map<string, number>();
  private readonly recentTargets: Target[] = [];
  private readonly recentCommands: string[] = [];
  private readonly recentFrames: FuzzFrame[] = [];

  constructor(seed: number) {
    this.rng = new Rng(seed);
    this.golden = goldenLines().map((line) => JSON.parse(line) as Obj);
    this.requests = this.golden.filter((e) => e.type === 'attention.requested');
    this.buildSweep();
  }

  /** Frames in the systematic sweep (the first frames of every run). */
  get sweepLength(): number {
    return this.sweep.length;
  }

  next(): FuzzFrame {
    const frame = this.sweepAt < this.sweep.length ? this.sweep[this.sweepAt++] : this.random();
    this.recentFrames[this.counter++ % 64] = frame;
    return frame;
  }

  // ── the sweep ─────────────────────────────────────────────────────────

  private buildSweep(): void {
    for (const pass of ['golden', 'golden-again']) {
      for (const event of this.golden) this.sweep.push(this.text(event, pass));
    }
    const invalid = fixtureJson<{ cases: Array<{ event?: Obj; events?: Obj[] }> }>('invalid-cases.json').cases;
    for (const c of invalid)
      for (const event of c.events ?? (c.event ? [c.event] : [])) this.sweep.push(this.text(event, 'invalid-case'));
    let rotate = 0;
    const deepDone = new Set<string>();
    this.golden.forEach((event, n) => {
      for (const path of paths(event)) {
        // Once per member name, nesting deep enough to overflow any recursive walk of it.
        const name = path.map((key) => (typeof key === 'number' ? '[]' : key)).join('.');
        if (!deepDone.has(name)) {
          deepDone.add(name);
          const deep = clone(event);
          setAt(deep, path, DEEP);
          this.sweep.push(this.text(path[0] === 'id' ? deep : this.fresh(deep, `d${n}`), 'deep', DEEP_SWEEP_DEPTH));
        }
        const missing = clone(event);
        removeAt(missing, path);
        this.sweep.push(this.text(this.fresh(missing, `m${n}`), 'missing'));
        const current = jsonType(parentOf(event, path)?.[path[path.length - 1] as string]);
        for (const [type, values] of Object.entries(WRONG_VALUES)) {
          if (type === current) continue;
          const wrong = clone(event);
          setAt(wrong, path, clone(values[rotate++ % values.length]));
          this.sweep.push(this.text(path[0] === 'id' ? wrong : this.fresh(wrong, `w${n}`), 'wrong-type'));
        }
      }
    });
  }

  /** A new id (keeping the original recognisable), so dedupe does not hide the mutation. */
  private fresh(event: Obj, tag: string): Obj {
    if (typeof event.id === 'string') event.id = `${event.id}-${tag}-${++this.counter}`;
    return event;
  }

  private text(value: unknown, mutation: string, deepDepth = 64): FuzzFrame {
    let data = JSON.stringify(value);
    if (data.includes(DEEP_JSON)) data = data.split(DEEP_JSON).join(nested(deepDepth, this.rng));
    return { data, binary: false, mutation };
  }

  // ── random frames ─────────────────────────────────────────────────────

  private random(): FuzzFrame {
    const r = this.rng.next();
    if (r < 0.03) return { data: this.rng.pick(GARBAGE_TEXT), binary: false, mutation: 'not-json' };
    if (r < 0.04) return this.truncated();
    if (r < 0.07) return this.binary();
    if (r < 0.13) return this.relayFrame();
    if (r < 0.18) return this.duplicate();
    if (r < 0.45) return this.lifecycle();
    return this.mutatedEvent();
  }

  private truncated(): FuzzFrame {
    const source = this.text(this.rng.pick(this.golden), 'truncated');
    return { ...source, data: (source.data as string).slice(0, this.rng.int((source.data as string).length)) };
  }

  private binary(): FuzzFrame {
    if (this.rng.chance(0.5))
      return { data: Buffer.from(JSON.stringify(this.rng.pick(this.golden))), binary: true, mutation: 'binary-json' };
    const bytes = Buffer.alloc(this.rng.between(0, 512));
    for (let i = 0; i < bytes.length; i++) bytes[i] = this.rng.int(256);
    return { data: bytes, binary: true, mutation: 'binary-bytes' };
  }

  private relayFrame(): FuzzFrame {
    const frame = clone(this.rng.pick(RELAY_FRAMES));
    if (this.rng.chance(0.6)) this.mutate(frame, this.rng.between(1, 2), true);
    if (this.rng.chance(0.01))
      frame.entries = Array.from({ length: 5000 }, (_, i) => ({ session: `s${i}`, control: { ack_window_ms: i } }));
    return this.text(frame, 'relay-frame');
  }

  private duplicate(): FuzzFrame {
    const earlier = this.recentFrames[this.rng.int(Math.min(this.counter, 64))];
    return earlier ? { ...earlier, mutation: 'duplicate-frame' } : this.mutatedEvent();
  }

  private session(): { session: string; source: string; agent: string } {
    // A few busy sessions and a stream of new ones (past the resume-position cap over a long run).
    const session = this.rng.chance(0.5)
      ? this.rng.pick(['s_8f2c', 's_form', 's1', 's2'])
      : `fz${this.rng.int(1_000_000)}`;
    const agent = this.rng.pick(['claude-code', 'codex', 'aider']);
    return { session, agent, source: `aep://host-${this.rng.int(3)}/agent/${agent}/session/${session}` };
  }

  private nextSeq(source: string): number {
    const seq = (this.seqs.get(source) ?? -1) + 1;
    this.seqs.set(source, seq);
    if (this.seqs.size > 20_000) this.seqs.delete(this.seqs.keys().next().value as string);
    return seq;
  }

  private mutatedEvent(): FuzzFrame {
    const base = this.rng.chance(0.5) ? this.rng.pick(this.requests) : this.rng.pick(this.golden);
    const event = this.fresh(clone(base), 'r');
    if (typeof event.session === 'string' && this.rng.chance(0.8)) {
      Object.assign(event, this.session());
      if (typeof event.seq === 'number') event.seq = this.nextSeq(event.source as string);
    }
    if (event.type === 'attention.requested') {
      this.remember(this.recentTargets, {
        id: event.id,
        session: event.session,
        source: event.source,
        agent: event.agent,
      } as Target);
      if (this.rng.chance(0.3))
        (event.data as Obj).respond_via = this.rng.pick([['control'], ['oob'], [], ['control', 'oob']]);
    }
    const mutations = this.rng.chance(0.25) ? 0 : this.rng.between(1, 3);
    const depth = this.rng.chance(0.03) ? 100_000 : this.rng.between(64, 5_000);
    return this.text(event, this.mutate(event, mutations, false) || 'fresh-event', depth);
  }

  private lifecycle(): FuzzFrame {
    const target = this.recentTargets.length ? this.rng.pick(this.recentTargets) : undefined;
    if (!target) return this.mutatedEvent();
    const type = this.rng.pick([
      'attention.answered',
      'attention.resolved',
      'attention.timeout',
      'attention.routed',
      'control.attention.respond',
      'control.accepted',
      'control.rejected',
      'session.ended',
    ]);
    const id = `LC${++this.counter}`;
    const event: Obj = {
      aep: '0.1',
      id,
      type,
      time: '2026-07-03T10:15:00Z',
      source: target.source,
      agent: target.agent,
      session: target.session,
      subject: target.id,
      cause: target.id,
    };
    const data: Record<string, Obj> = {
      'attention.answered': {
        answer: this.rng.pick([
          { option: 'allow' },
          { text: 'use staging' },
          { values: { region: 'eu', n: 3, ok: true, tags: ['a'] } },
        ]),
        by: 'op',
        via: 'control',
      },
      'attention.resolved': {
        resolution: this.rng.pick(['answered', 'auto', 'dismissed']),
        latency_ms: this.rng.int(100_000),
      },
      'attention.timeout': { after_ms: this.rng.int(100_000) },
      'attention.routed': { to: 'telegram', via: 'push' },
      'control.attention.respond': { answer: { option: 'deny' } },
      'control.accepted': {},
      'control.rejected': { reason: this.rng.pick(['invalid', 'busy', 'nonsense']), detail: HOSTILE_TEXT },
      'session.ended': { reason: 'done' },
    };
    event.data = data[type];
    if (type === 'control.attention.respond' || type === 'attention.routed') {
      // Foreign emitters: another console or a router, no seq.
      event.source = `aep://host-b/agent/console-${this.rng.int(3)}`;
      event.agent = 'other-console';
      if (type === 'control.attention.respond') this.remember(this.recentCommands, id);
    } else {
      event.seq = this.nextSeq(target.source);
    }
    if (type.startsWith('control.') && type !== 'control.attention.respond') {
      delete event.subject;
      event.cause = this.recentCommands.length ? this.rng.pick(this.recentCommands) : target.id;
    }
    if (type === 'session.ended') delete event.subject;
    const mutation = this.rng.chance(0.7) ? '' : this.mutate(event, 1, false);
    return this.text(event, mutation || `lifecycle-${type}`);
  }

  private remember<T>(list: T[], item: T): void {
    list.push(item);
    if (list.length > 200) list.shift();
  }

  /** A mutation, the costly ones (megabytes of text) rare enough to keep a run at a few MB per thousand frames. */
  private op(): string {
    let r = this.rng.next() * OP_WEIGHT;
    for (const [op, weight] of OPS) {
      r -= weight;
      if (r < 0) return op;
    }
    return 'wrong-type';
  }

  /** Applies `count` random mutations in place; returns their names joined. */
  private mutate(target: Obj, count: number, isFrame: boolean): string {
    const done: string[] = [];
    for (let i = 0; i < count; i++) {
      const op = this.op();
      const all = paths(target, 4, 3);
      const path = all.length ? this.rng.pick(all) : ['type'];
      switch (op) {
        case 'wrong-type':
          setAt(target, path, clone(this.rng.pick(this.rng.pick(Object.values(WRONG_VALUES)))));
          break;
        case 'missing':
          removeAt(target, path);
          break;
        case 'odd-type':
          // Frames keep a dotless type (a dotted one would make them an Event).
          target.type = isFrame
            ? this.rng.pick([
                'hello',
                'subscribed',
                'roster',
                'error',
                'replay-exhausted',
                'ping',
                'pong',
                'frobnicate',
                '',
              ])
            : this.rng.pick(ODD_TYPES);
          break;
        case 'odd-kind':
          if (typeof target.data === 'object' && target.data) (target.data as Obj).kind = this.rng.pick(ODD_KINDS);
          break;
        case 'huge':
          setAt(target, path, huge(this.rng));
          break;
        case 'deep':
          setAt(target, this.rng.chance(0.5) ? ['data', 'context'] : path, DEEP);
          break;
        case 'dup-id': {
          const earlier = this.recentTargets.length ? this.rng.pick(this.recentTargets) : undefined;
          if (earlier) target.id = earlier.id;
          if (earlier && this.rng.chance(0.5)) target.source = earlier.source;
          break;
        }
        case 'seq':
          target.seq = this.rng.pick([
            0,
            1,
            Math.max(0, (typeof target.seq === 'number' ? target.seq : 5) - this.rng.between(1, 5)),
            2 ** 53,
          ]);
          break;
        case 'epoch':
          target.epoch = this.rng.pick([0, 1, 2, 7, 2 ** 31, 2 ** 53]);
          break;
        case 'hostile':
          setAt(target, path, HOSTILE_TEXT.repeat(this.rng.between(1, 40)));
          break;
        case 'many':
          if (typeof target.data === 'object' && target.data) {
            const n = this.rng.between(100, 3000);
            const data = target.data as Obj;
            if (this.rng.chance(0.5))
              data.options = Array.from({ length: n }, (_, k) => ({ id: `o${k % (n - 7)}`, label: `option ${k}` }));
            else
              data.fields = Array.from({ length: n }, (_, k) => ({
                id: `f${k}`,
                type: this.rng.pick(['string', 'number', 'boolean', 'select', 'date']),
                label: `field ${k}`,
                choices: [{ id: 'a', label: 'A' }],
              }));
          }
          break;
        case 'extension':
          target[this.rng.pick(['acmeregion', 'x', 'BadName', 'name-with-dash', 'averyveryveryverylongname'])] = clone(
            this.rng.pick(Object.values(WRONG_VALUES).flat()),
          );
          break;
      }
      done.push(op);
    }
    return done.join('+');
  }
}
