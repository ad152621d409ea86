import React from 'react';
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import { render as itlRender } from 'ink-testing-library';
import { App, type AppProps } from '../../src/ui/app.js';
import type { TerminalSize } from '../../src/ui/model.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { FakeClient } from './fake-client.js';

export * from './ui-events.js';

/** Raw bytes a terminal sends for each key. */
export const KEY = {
  enter: '\r',
  esc: '\u001b',
  up: '\u001b[A',
  down: '\u001b[B',
  left: '\u001b[D',
  right: '\u001b[C',
  tab: '\t',
  shiftTab: '\u001b[Z',
  /** What most terminals send for the Backspace key (Ink 6: key.delete). */
  backspace: '\u007f',
  /** Ctrl-H / terminals configured for 0x08 (Ink 6: key.backspace). */
  ctrlH: '\b',
  ctrlC: '\u0003',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  space: ' ',
} as const;

export const RELAY = 'http://relay.test';
/** Events from test/support/events.ts are stamped 2026-07-03T10:00:00Z; the clock sits 30 s later. */
export const NOW = Date.parse('2026-07-03T10:00:30Z');

/** A stdout stand-in with a real size (ink-testing-library's is fixed at 100 columns, no rows). */
export class SizedStdout extends EventEmitter {
  readonly frames: string[] = [];
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string): boolean => {
    this.frames.push(frame);
    return true;
  };
  lastFrame = (): string | undefined => this.frames[this.frames.length - 1];
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

/** The stdin stand-in ink-testing-library uses, for the sized renderer (and the bench). */
export class TestStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

export interface RenderOptions {
  /**
   * The size passed to <App size>. `'terminal'` passes none, so the App
   * tracks the (stub) stdout and its resize events.
   */
  size?: TerminalSize | 'terminal';
  /** Use a sized stdout stub instead of ink-testing-library (needed above 100 columns and for resize). */
  stdout?: { columns: number; rows: number };
  bell?: boolean;
  notify?: boolean;
  env?: NodeJS.ProcessEnv;
  now?: number;
  store?: ConsoleStore;
  /** Relays to create fake clients for; the first is `client`. */
  relays?: string[];
  /** Events applied before the first render (live, unless `replayed`). */
  events?: AepEvent[];
  replayed?: boolean;
  /** Passed to <App demo>: the demo relay and its list command. */
  demo?: { relay: string; listCommand: string };
  /** Passed to <App history>: where H reads the decision history. */
  history?: AppProps['history'];
  /** Passed to <App rules auto>. */
  rules?: AppProps['rules'];
  auto?: boolean;
  saveRule?: AppProps['saveRule'];
  /** Passed to <App deleteRule> (rules.delete) and <App readOnly>. */
  deleteRule?: AppProps['deleteRule'];
  readOnly?: boolean;
  /** Passed to <App rulesNote rulesFile>: the rules file not used, and its edits. */
  rulesNote?: string;
  rulesFile?: AppProps['rulesFile'];
  /** Passed to <App screenReader>: the screen-reader view. */
  screenReader?: boolean;
  /** Passed to <App pasteMarks>: bracketed paste was asked for (with a TERM that marks pastes in `env`, no paste is guessed). */
  pasteMarks?: boolean;
  /** Passed to <App mouse>: the CLI turned mouse reporting on (the full screen). */
  mouse?: boolean;
  /** The App's clock when a test moves it (default: `now`, fixed). */
  clock?: () => number;
  /** What the first client's fetchEvents reads (cause Events), set before the first render. */
  relayEvents?: AepEvent[];
}

export interface Harness {
  store: ConsoleStore;
  client: FakeClient;
  clients: FakeClient[];
  /** Everything the App wrote through its `write` prop (bells, notifications). */
  writes: string[];
  /** How many times onQuit was called. */
  quits: () => number;
  /** How many times onSuspend (Ctrl-Z) was called. */
  suspends: () => number;
  frames: () => string[];
  /** The last frame with styling (SGR) codes removed; see rawFrame for the bytes Ink wrote. */
  frame: () => string;
  rawFrame: () => string;
  /** Writes each key separately, letting Ink and React settle after each. */
  press: (...keys: string[]) => Promise<void>;
  /** Applies events to the store (live by default) and lets the App re-render. */
  apply: (events: AepEvent[] | AepEvent, options?: { replayed?: boolean }) => Promise<void>;
  /**
   * Drains pending immediates until the frame is stable. Ink holds a lone ESC
   * (it may start a sequence) and flushes it as the Escape key on the next
   * setImmediate; React runs passive effects (selection pinning, Ink's
   * re-subscribed input handler) the same way. No timers are involved.
   */
  settle: () => Promise<void>;
  /** Waits (event-loop turns only, no timers) until the predicate holds on the last frame. */
  waitFor: (predicate: (frame: string) => boolean, what: string) => Promise<string>;
  resize: (columns: number, rows: number) => Promise<void>;
  unmount: () => void;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function renderApp(options: RenderOptions = {}): Promise<Harness> {
  const store = options.store ?? new ConsoleStore({ now: () => options.now ?? NOW });
  const relays = options.relays ?? [RELAY];
  const clients = relays.map((relay) => new FakeClient(relay, store));
  if (options.relayEvents) clients[0].history = options.relayEvents;
  store.updateRelay(relays[0], { connection: { kind: 'live' } });
  for (const e of options.events ?? []) store.applyEvent(relays[0], e, { replayed: options.replayed });
  const writes: string[] = [];
  let quits = 0;
  let suspends = 0;
  const now = options.now ?? NOW;
  const props: AppProps = {
    store,
    clients,
    size: options.size === 'terminal' ? undefined : (options.size ?? { columns: 80, rows: 24 }),
    now: options.clock ?? (() => now),
    tickMs: 0,
    // A UTF-8 locale unless a test says otherwise (marks fall back to ASCII without one).
    env: { LANG: 'C.UTF-8', ...(options.env ?? {}) },
    bell: options.bell,
    notify: options.notify,
    write: (data) => writes.push(data),
    onQuit: () => {
      quits++;
    },
    onSuspend: () => {
      suspends++;
    },
    demo: options.demo,
    history: options.history,
    rules: options.rules,
    auto: options.auto,
    saveRule: options.saveRule,
    deleteRule: options.deleteRule,
    readOnly: options.readOnly,
    rulesNote: options.rulesNote,
    rulesFile: options.rulesFile,
    screenReader: options.screenReader,
    pasteMarks: options.pasteMarks,
    mouse: options.mouse,
  };
  const element = React.createElement(App, props);

  let frames: () => string[];
  let stdin: { write: (data: string) => void };
  let stdout: SizedStdout | undefined;
  let unmount: () => void;
  if (options.stdout) {
    stdout = new SizedStdout(options.stdout.columns, options.stdout.rows);
    const sized = stdout;
    const input = new TestStdin();
    const instance = inkRender(element, {
      stdout: sized as unknown as NodeJS.WriteStream,
      stderr: new SizedStdout(sized.columns, sized.rows) as unknown as NodeJS.WriteStream,
      stdin: input as unknown as NodeJS.ReadStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    frames = () => sized.frames;
    stdin = input;
    unmount = () => {
      instance.unmount();
      instance.cleanup();
    };
  } else {
    const app = itlRender(element);
    frames = () => app.frames;
    stdin = app.stdin;
    unmount = () => {
      app.unmount();
      app.cleanup();
    };
  }

  const rawFrame = () => frames()[frames().length - 1] ?? '';
  const frame = () => stripStyle(rawFrame());

  const settle = async () => {
    // Stable = no new frame for three consecutive event-loop turns; bounded so a
    // render loop fails the test instead of hanging it.
    let last = -1;
    let stable = 0;
    for (let i = 0; i < 500 && stable < 3; i++) {
      await turn();
      const count = frames().length;
      stable = count === last ? stable + 1 : 0;
      last = count;
    }
  };

  const harness: Harness = {
    store,
    client: clients[0],
    clients,
    writes,
    quits: () => quits,
    suspends: () => suspends,
    frames,
    frame,
    rawFrame,
    settle,
    press: async (...keys) => {
      for (const key of keys) {
        stdin.write(key);
        await settle();
      }
    },
    apply: async (events, applyOptions = {}) => {
      for (const e of Array.isArray(events) ? events : [events]) store.applyEvent(relays[0], e, applyOptions);
      await settle();
    },
    waitFor: async (predicate, what) => {
      for (let i = 0; i < 2000; i++) {
        if (predicate(frame())) return frame();
        await turn();
      }
      throw new Error(`timed out waiting for ${what}; last frame:\n${frame()}`);
    },
    resize: async (columns, rows) => {
      if (!stdout) throw new Error('resize needs the sized stdout stub (options.stdout)');
      stdout.resize(columns, rows);
      await settle();
    },
    unmount,
  };
  await settle();
  return harness;
}

/** Removes SGR styling (colors, bold, inverse) only: any other ESC stays visible to assertions. */
export const stripStyle = (frame: string): string => frame.replace(/\u001b\[[0-9;]*m/g, '');

/** Every line of a frame, for row-oriented assertions. */
export const lines = (frame: string): string[] => frame.split('\n');

/** The frame's rows joined by single spaces, so text the detail wrapped reads as one string. */
export const flat = (frame: string): string =>
  lines(frame)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');

/** The highlighted list row (narrow layout: the list owns the whole row). */
export function selectedRow(frame: string): string | undefined {
  return lines(frame).find(
    (l) =>
      l.startsWith('▸●') ||
      l.startsWith('▸◐') ||
      l.startsWith('▸○') ||
      l.startsWith('▸✓') ||
      l.startsWith('▸⊘') ||
      l.startsWith('▸✗'),
  );
}
