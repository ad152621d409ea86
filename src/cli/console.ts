// The interactive console: the relays wired the same way as the library's
// connect() (relay/wiring.ts), with what only the command line adds on top:
// the demo fleet, the token file re-read before each reconnect, the outbox
// and the decision history in the state directory, --file followers, the
// crash guard, and the terminal set up for Ink.
import { realpathSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname } from 'node:path';
import React from 'react';
import { render, type Instance } from 'ink';
import { tokenSource, type ConsoleOptions } from './args.js';
import { rulesFileHooks } from '../files/rules-file-write.js';
import { settleWrites } from '../files/pending.js';
import { checkDir } from '../files/trust.js';
import { cleanLeftovers } from '../files/write.js';
import { followRules } from './rules-watch.js';
import { DecisionLog } from '../files/decision-log.js';
import { DecisionRecorder } from '../files/decision-recorder.js';
import { CrashBoundary, CrashProbe, scheduleTestCrash, testCrashMode } from './crash-boundary.js';
import { JsonlFollower } from '../files/jsonl-file.js';
import { openJsonlFiles } from './jsonl-files.js';
import { Outbox } from '../files/outbox.js';
import { stateDir } from './crash-report.js';
import { suspendProcess } from './suspend.js';
import { startDemoSession, type DemoSession } from './demo-session.js';
import { wireRelays } from '../relay/wiring.js';
import { newInstanceId } from '../relay/routed-notice.js';
import { ConsoleStore } from '../store/store.js';
import { App, type AppProps } from '../ui/app.js';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON } from '../ui/keys.js';
import { MOUSE_OFF, MOUSE_ON } from '../ui/mouse.js';
import { createFrameWriter, type FrameWriter } from '../ui/terminal/frame-writer.js';
import { ALT_SCREEN_OFF, ALT_SCREEN_ON, cursorAddressing } from '../ui/terminal/screen.js';
import { MAX_FPS } from '../ui/terminal/frame-rate.js';
import { spokenStream } from '../ui/screen-reader/stream.js';
import type { MainIO } from './io.js';
import { passthroughNote, saveTitle } from './terminal-title.js';
import { hiddenKeys, recordHide, recordSnooze, recordUnhide } from './history.js';
import { runWatch } from './watch.js';
import { phoneFor } from './notify-cmd.js';

type Remember = (secret: string | undefined) => void;

/**
 * A crash's leftovers (temporary files, locks) in the state directory and
 * beside the rules file are removed at start: the console's own names only
 * (files/leftovers.ts), and names of earlier versions only in the state
 * directory (never in a shared directory, and never in /tmp).
 */
export function cleanAtStart(options: ConsoleOptions, env: NodeJS.ProcessEnv): void {
  const dir = stateDir(env);
  const state = dir ?? tmpdir();
  if (checkDir(state, false) === undefined) cleanLeftovers(state, undefined, undefined, { state: dir !== undefined });
  if (options.rulesPath === undefined) return;
  try {
    cleanLeftovers(dirname(realpathSync(options.rulesPath)));
  } catch {
    // no rules file yet: nothing left behind
  }
}

/** The decision history on disk (none with --no-history), recording from before the clients start. */
function startHistory(options: ConsoleOptions, store: ConsoleStore, env: NodeJS.ProcessEnv, demo?: DemoSession) {
  // Every decision, with its outcome, kept on disk; none with --no-history. The
  // demo's go to its own private directory (H reads them there; `aep-console
  // history` never sees them), removed when it stops.
  const dir = demo ? demo.stateDir : (stateDir(env) ?? tmpdir());
  const log = options.history === false ? undefined : new DecisionLog(dir);
  const recorder = log && new DecisionRecorder(store, log);
  recorder?.start();
  const history: AppProps['history'] =
    log && recorder
      ? {
          read: () => ({ ...log.read(), file: log.file }),
          hide: recordHide(recorder),
          snooze: recordSnooze(recorder),
          unhide: recordUnhide(recorder),
          hidden: hiddenKeys(log),
        }
      : undefined;
  return { recorder, history };
}

function wire(options: ConsoleOptions, env: NodeJS.ProcessEnv, demo: DemoSession | undefined, remember: Remember) {
  const store = new ConsoleStore();
  const relays = demo ? [demo.relay] : options.relays;
  // Answers are saved until acknowledged, so a stop (SIGTERM, crash) loses none. Not for the demo: its relay is new each run.
  // --read-only sends nothing: it keeps no outbox and takes over no saved answer.
  const outbox = demo || options.readOnly ? undefined : new Outbox(stateDir(env) ?? tmpdir(), { relays });
  const { recorder, history } = startHistory(options, store, env, demo);
  const wiring = wireRelays({
    relays,
    // --token-file is re-read before every reconnect: a rotated token needs no restart.
    token: demo ? demo.token : tokenSource(options, remember),
    ca: options.ca,
    name: options.name,
    host: hostname(),
    // One id for this run, in the source of its open-request notes on every relay.
    instance: newInstanceId(),
    readOnly: options.readOnly,
    filter: options.filter,
    capture: options.capture,
    store,
    outbox,
    decisions: recorder,
    // Connected once the first frame is drawn (it says so): the socket and Node's HTTP client cost before it otherwise.
    startLater: true,
  });
  return { wiring, recorder, history };
}

/**
 * The alternate screen (not with --inline): entered before the first frame,
 * left once, by whichever comes first of a quit, a crash or a stop signal
 * (the crash guard closes the UI through `leave`).
 */
function screenFor(inline: boolean): { altScreen: boolean; leave: () => void } {
  const altScreen = !inline;
  let on = altScreen;
  if (on) process.stdout.write(ALT_SCREEN_ON);
  return {
    altScreen,
    leave: () => {
      if (on) process.stdout.write(ALT_SCREEN_OFF);
      on = false;
    },
  };
}

function renderConsole(
  io: MainIO,
  props: AppProps,
  token: string | undefined,
  writer: FrameWriter,
  leaveScreen: () => void,
): { instance: Instance; done: () => void } {
  const spoken = props.screenReader === true;
  const testCrash = testCrashMode(io.env);
  const onCrash = (error: unknown) =>
    io.crash ? io.crash.crash(error, 'render error') : instance.unmount(error as Error);
  // Pastes arrive marked (ESC[200~ … ESC[201~), so a paste is only ever text (ui/keys.ts).
  let pasteMarks = process.stdout.isTTY === true;
  if (pasteMarks) process.stdout.write(BRACKETED_PASTE_ON);
  // The mouse, as the paste marks: on at start, off on every way out (suspend.ts turns both off and on again).
  let mouse = pasteMarks && props.mouse === true;
  if (mouse) process.stdout.write(MOUSE_ON);
  const instance = render(
    React.createElement(
      CrashBoundary,
      { onCrash },
      React.createElement(App, { ...props, pasteMarks, mouse }),
      testCrash === 'render' ? React.createElement(CrashProbe, { token }) : null,
    ),
    // Only changed rows reach the terminal (see frame-writer.ts). A screen
    // reader gets Ink's own screen-reader output instead: plain lines, only
    // when they change (README "Screen reader").
    spoken
      ? { exitOnCtrlC: false, patchConsole: true, stdout: spokenStream(process.stdout), isScreenReaderEnabled: true }
      : { exitOnCtrlC: false, patchConsole: true, stdout: writer.stream, maxFps: MAX_FPS },
  );
  // An empty tree first, as a quit does: unmounting then flushes that empty
  // frame, so no frame is left behind (clear() would be undone by a pending
  // throttled frame).
  const detach = io.crash?.attachUi(() => {
    // The crash guard's restore sequence turns the paste marks and the mouse off itself.
    pasteMarks = false;
    mouse = false;
    try {
      instance.rerender(React.createElement(React.Fragment));
    } finally {
      try {
        instance.unmount();
      } finally {
        leaveScreen();
      }
    }
  });
  if (testCrash) scheduleTestCrash(testCrash, token);
  return {
    instance,
    done: () => {
      if (pasteMarks) process.stdout.write(BRACKETED_PASTE_OFF);
      if (mouse) process.stdout.write(MOUSE_OFF);
      leaveScreen();
      detach?.();
    },
  };
}

async function startDemo(options: ConsoleOptions, remember: Remember): Promise<DemoSession | undefined> {
  if (!options.demo) return undefined;
  const demo = await startDemoSession(options.demoAgents);
  remember(demo.token);
  return demo;
}

/**
 * `--demo` where the full screen cannot run (TERM=dumb): the demo relay and
 * agents start all the same and are followed here as lines (as `watch`
 * follows a relay); what to run from another terminal to list and answer
 * them is said first. Runs until stopped (Ctrl-C), as `watch` does.
 */
async function demoAsLines(options: ConsoleOptions, io: MainIO, remember: Remember): Promise<number> {
  const demo = (await startDemo(options, remember))!;
  io.err(
    `aep-console: this terminal (TERM=${io.env.TERM}) cannot move the cursor, so the ` +
      `full-screen console cannot run; the demo relay runs at ${demo.relay}, followed here as ` +
      `lines ("aep-console watch"). From another terminal: ${demo.info.listCommand}; answer ` +
      `with npx aep-console respond ID --option O --relay ${demo.relay} --token-file ` +
      `${demo.tokenFile}`,
  );
  return runWatch(
    { ...options, demo: false, relays: [demo.relay], token: demo.token, tokenFile: undefined },
    { out: io.out },
    remember,
  );
}

/** Where the full screen cannot run, what happens instead and its exit code; undefined where it can. */
async function withoutFullScreen(options: ConsoleOptions, io: MainIO, remember: Remember): Promise<number | undefined> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.firstFrame?.none();
    io.err('aep-console: the interactive console needs a terminal; use "aep-console list" in scripts');
    return 2;
  }
  if (!cursorAddressing(io.env)) {
    io.firstFrame?.none();
    // The demo is still there to try: its relay started, followed as `watch` follows one.
    if (options.demo) return demoAsLines(options, io, remember);
    io.err(
      `aep-console: this terminal (TERM=${io.env.TERM}) cannot move the cursor, so the ` +
        `full-screen console cannot run; use "aep-console watch" (follows the requests as ` +
        `lines), "aep-console list" and "aep-console respond ID --option O"`,
    );
    return 2;
  }
  return undefined;
}

export async function runConsole(options: ConsoleOptions, io: MainIO, remember: Remember): Promise<number> {
  io.firstFrame?.starts();
  const refused = await withoutFullScreen(options, io, remember);
  if (refused !== undefined) return refused;
  const demo = await startDemo(options, remember);
  cleanAtStart(options, io.env);
  const { wiring, recorder, history } = wire(options, io.env, demo, remember);
  const { store, clients } = wiring;
  // --file: history beside (or instead of) relays, followed while the console runs.
  const follower = options.files.length ? new JsonlFollower(openJsonlFiles(options.files, store)) : undefined;
  follower?.start();
  const writer = createFrameWriter(process.stdout);
  // The screen reader's surface stays in the normal screen, as --inline: its review cursor keeps what was said.
  const screenReader = options.screenReader === true || io.env.INK_SCREEN_READER === 'true';
  const screen = screenFor(options.inline === true || screenReader);
  // The screen reader's lines are its history: Ctrl-L and a resume after Ctrl-Z clear nothing there.
  const redraw = screenReader ? () => {} : () => writer.redraw();
  // The mouse only where the frame fills the screen: a report's cell is then a cell of the frame (never --inline or the screen reader).
  const mouse = screen.altScreen && options.mouse !== false;
  const onSuspend = () => suspendProcess({ altScreen: screen.altScreen, mouse, redraw });
  // The title says how many wait; saved first, put back on the way out (a crash too: the guard's leave).
  const titled = options.title !== false && !screenReader;
  const title = saveTitle((data) => void process.stdout.write(data), io.env, titled);
  const leave = () => {
    title.restore();
    screen.leave();
  };
  // --notify-cmd: word to a phone, one run at a time (notify-cmd.ts); killed on the way out.
  const phone = options.notifyCmd ? phoneFor(options.notifyCmd, io.env) : undefined;
  const props: AppProps = {
    store,
    clients,
    screenReader,
    mouse,
    bell: options.bell,
    notify: options.notify,
    ...(phone ? { phone: phone.hook } : {}),
    title: titled,
    laterNotice: passthroughNote(io.env, options.notify),
    onSuspend,
    onRedraw: redraw,
    demo: demo?.info,
    history,
    rules: options.rules,
    auto: options.auto,
    ...rulesFileHooks(options.rulesPath),
    readOnly: options.readOnly,
  };
  if (options.rulesNote !== undefined) props.rulesNote = options.rulesNote;
  // Rules follow their file: an edit is picked up within RULES_POLL_MS.
  if (options.rulesPath !== undefined) props.rulesFile = followRules(options.rulesPath, io.env);
  const ui = renderConsole(io, props, demo ? demo.token : options.token, writer, leave);
  wiring.start();
  io.firstFrame?.drawn();
  try {
    await ui.instance.waitUntilExit();
  } finally {
    ui.done();
    phone?.runner.stop();
    follower?.stop();
    await wiring.stop();
    // After the clients: what they settled on the way out is recorded too.
    await recorder?.stop();
    // Journal and history writes still under way finish first (bounded: a stop never hangs).
    await settleWrites();
    await demo?.close();
  }
  return io.crash?.stopCode() ?? 0;
}
