import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import React from 'react';
import { render } from 'ink';
import { parseArgs, tokenSource, type ConsoleOptions } from './cli/args.js';
import { runList } from './cli/list.js';
import { runHistory } from './cli/history.js';
import { runRulesTest } from './cli/rules-test.js';
import { saveRuleTo } from './relay/rules-file-write.js';
import { DecisionLog } from './relay/decision-log.js';
import { DecisionRecorder } from './relay/decision-recorder.js';
import { installCrashGuard, type CrashGuard } from './cli/crash.js';
import { watchHeap } from './cli/heap-watch.js';
import { CrashBoundary, CrashProbe, scheduleTestCrash, testCrashMode } from './cli/crash-boundary.js';
import { addSecret, redact } from './protocol/redact.js';
import { RelayClient } from './relay/client.js';
import { JsonlFollower } from './relay/jsonl-file.js';
import { openJsonlFiles } from './cli/jsonl-files.js';
import { Outbox } from './relay/outbox.js';
import { reportDirs } from './cli/crash-report.js';
import { IngestBatch } from './relay/ingest-batch.js';
import { suspendProcess } from './cli/suspend.js';
import { writeDemoTokenFile } from './cli/demo-token.js';
import { ConsoleStore } from './store/store.js';
import { App } from './ui/app.js';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON } from './ui/keys.js';
import { createFrameWriter } from './ui/terminal/frame-writer.js';
import { MAX_FPS } from './ui/terminal/frame-rate.js';

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export interface MainIO {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** The real process's crash guard (runCli); absent when tests call main(). */
  crash?: CrashGuard;
}

const defaultIO: MainIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[], given: MainIO = defaultIO): Promise<number> {
  // Every line for stdout or stderr passes through redaction: a relay may echo
  // the token back in an error or a close reason (issue 14).
  const io: MainIO = { ...given, out: (line) => given.out(redact(line)), err: (line) => given.err(redact(line)) };
  const remember = (secret: string | undefined) => {
    addSecret(secret);
    io.crash?.addSecret(secret);
  };
  const parsed = parseArgs(argv, io.env, packageVersion());
  switch (parsed.kind) {
    case 'help':
      io.out(parsed.text);
      return 0;
    case 'version':
      io.out(parsed.text);
      return 0;
    case 'usage-error':
      io.err(`aep-console: ${parsed.message}`);
      return 2;
  }
  const options = parsed.options;
  remember(options.token);
  for (const warning of parsed.warnings) io.err(`aep-console: ${warning}`);
  if (options.command === 'list') return runList(options, { out: io.out, err: io.err, host: hostname() });
  if (options.command === 'history') return runHistory(options, { out: io.out, err: io.err, env: io.env });
  if (options.command === 'rules-test') return runRulesTest(options, { out: io.out, err: io.err, host: hostname() });
  return runConsole(options, io, remember);
}

async function runConsole(options: ConsoleOptions, io: MainIO, remember: (secret: string | undefined) => void): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.err('aep-console: the interactive console needs a terminal; use "aep-console list" in scripts');
    return 2;
  }
  let demo: { close(): Promise<void> } | undefined;
  let relays = options.relays;
  let token = options.token;
  let demoInfo: { relay: string; listCommand: string } | undefined;
  if (options.demo) {
    // Imported only here: the console itself never depends on the demo.
    const { startDemo, demoAgentNames } = await import('./demo/fleet.js');
    const fleet = await startDemo({ agents: options.demoAgents ? demoAgentNames(options.demoAgents) : undefined });
    relays = [fleet.relayUrl];
    token = fleet.token;
    remember(token);
    // So `list` can be tried on the demo from another terminal: its token in a 0600 file, removed on exit.
    const tokenFile = writeDemoTokenFile(fleet.token);
    // A stop by signal or a hang-up leaves through process.exit, never reaching
    // close() below: the file goes then too (removing it twice is harmless).
    const removeAtExit = () => tokenFile.remove();
    process.once('exit', removeAtExit);
    demoInfo = { relay: fleet.relayUrl, listCommand: `aep-console list --relay ${fleet.relayUrl} --token-file ${tokenFile.path}` };
    demo = {
      close: async () => {
        process.off('exit', removeAtExit);
        tokenFile.remove();
        await fleet.close();
      },
    };
  }
  const store = new ConsoleStore();
  const ingest = new IngestBatch(store);
  // Answers are saved until acknowledged, so a stop (SIGTERM, crash) loses none. Not for the demo: its relay is new each run.
  const outbox = options.demo ? undefined : new Outbox(reportDirs(io.env)[0], { relays });
  // Every decision, with its outcome, kept on disk (the demo's too: it is the operator's own work); none with --no-history.
  const log = options.history === false ? undefined : new DecisionLog(reportDirs(io.env)[0]);
  const recorder = log && new DecisionRecorder(store, log);
  recorder?.start();
  const history = log && recorder ? { read: () => ({ ...log.read(), file: log.file }), annotate: recorder.annotate.bind(recorder) } : undefined;
  const clients = relays.map(
    (url) =>
      new RelayClient({
        url,
        // --token-file is re-read before every reconnect: a rotated token needs no restart.
        token: options.demo ? token : tokenSource(options, remember),
        ca: options.ca,
        name: options.name,
        host: hostname(),
        filter: options.filter,
        capture: options.capture,
        store,
        ingest,
        outbox,
        decisions: recorder,
      }),
  );
  for (const client of clients) client.start();
  // --file: history beside (or instead of) relays, followed while the console runs.
  const follower = options.files.length ? new JsonlFollower(openJsonlFiles(options.files, store)) : undefined;
  follower?.start();
  const testCrash = testCrashMode(io.env);
  const onCrash = (error: unknown) => (io.crash ? io.crash.crash(error, 'render error') : instance.unmount(error as Error));
  // Pastes arrive marked (ESC[200~ … ESC[201~), so a paste is only ever text (ui/keys.ts).
  let pasteMarks = process.stdout.isTTY === true;
  if (pasteMarks) process.stdout.write(BRACKETED_PASTE_ON);
  const instance = render(
    React.createElement(
      CrashBoundary,
      { onCrash },
      React.createElement(App, { store, clients, bell: options.bell, notify: options.notify, onSuspend: suspendProcess, demo: demoInfo, history, rules: options.rules, auto: options.auto, saveRule: saveRuleTo(options.rulesPath) }),
      testCrash === 'render' ? React.createElement(CrashProbe, { token }) : null,
    ),
    // Only changed rows reach the terminal (see frame-writer.ts).
    { exitOnCtrlC: false, patchConsole: true, stdout: createFrameWriter(process.stdout).stream, maxFps: MAX_FPS },
  );
  // An empty tree first, as a quit does: unmounting then flushes that empty
  // frame, so no frame is left behind (clear() would be undone by a pending
  // throttled frame).
  const detach = io.crash?.attachUi(() => {
    // The crash guard's restore sequence turns the paste marks off itself.
    pasteMarks = false;
    try {
      instance.rerender(React.createElement(React.Fragment));
    } finally {
      instance.unmount();
    }
  });
  if (testCrash) scheduleTestCrash(testCrash, token);
  try {
    await instance.waitUntilExit();
  } finally {
    if (pasteMarks) process.stdout.write(BRACKETED_PASTE_OFF);
    detach?.();
    follower?.stop();
    await Promise.allSettled(clients.map((client) => client.stop()));
    // After the clients: what they settled on the way out is recorded too.
    recorder?.stop();
    await demo?.close();
  }
  return io.crash?.stopCode() ?? 0;
}

/**
 * The real process: crash guard, then main(); sets the exit code. The bin
 * (and the source runner the CLI tests use) call only this.
 */
export async function runCli(argv: string[] = process.argv.slice(2)): Promise<void> {
  // On Linux this overwrites the argv that /proc (and ps) show, so a --token
  // given on the command line stops being readable there from this point on
  // (meow does the same, but only once the arguments are parsed).
  process.title = 'aep-console';
  const crash = installCrashGuard({
    version: packageVersion(),
    argv,
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    exit: (code) => process.exit(code),
    target: process,
  });
  // Heap exhaustion kills the process without a handler: stop the orderly way just before it.
  watchHeap((error) => crash.crash(error, 'out of memory'));
  try {
    process.exitCode = await main(argv, { ...defaultIO, crash });
  } catch (error) {
    crash.crash(error, 'error');
  }
}
