import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import React from 'react';
import { render } from 'ink';
import { parseArgs, tokenSource, type ConsoleOptions } from './cli/args.js';
import { runList } from './cli/list.js';
import { RelayClient } from './relay/client.js';
import { ConsoleStore } from './store/store.js';
import { App } from './ui/app.js';
import { createFrameWriter } from './ui/terminal/frame-writer.js';

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
}

const defaultIO: MainIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[], io: MainIO = defaultIO): Promise<number> {
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
  for (const warning of parsed.warnings) io.err(`aep-console: ${warning}`);
  if (options.command === 'list') return runList(options, { out: io.out, err: io.err, host: hostname() });
  return runConsole(options, io);
}

async function runConsole(options: ConsoleOptions, io: MainIO): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.err('aep-console: the interactive console needs a terminal; use "aep-console list" in scripts');
    return 2;
  }
  let demo: { close(): Promise<void> } | undefined;
  let relays = options.relays;
  let token = options.token;
  if (options.demo) {
    // Imported only here: the console itself never depends on the demo.
    const { startDemo } = await import('./demo/fleet.js');
    const fleet = await startDemo();
    demo = fleet;
    relays = [fleet.relayUrl];
    token = fleet.token;
  }
  const store = new ConsoleStore();
  const clients = relays.map(
    (url) =>
      new RelayClient({
        url,
        // --token-file is re-read before every reconnect: a rotated token needs no restart.
        token: options.demo ? token : tokenSource(options),
        ca: options.ca,
        name: options.name,
        host: hostname(),
        filter: options.filter,
        capture: options.capture,
        store,
      }),
  );
  for (const client of clients) client.start();
  const instance = render(
    React.createElement(App, { store, clients, bell: options.bell, notify: options.notify }),
    // Only changed rows reach the terminal (see frame-writer.ts).
    { exitOnCtrlC: false, patchConsole: true, stdout: createFrameWriter(process.stdout).stream },
  );
  const stopSignals = () => instance.unmount();
  process.once('SIGTERM', stopSignals);
  process.once('SIGHUP', stopSignals);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGTERM', stopSignals);
    process.off('SIGHUP', stopSignals);
    await Promise.allSettled(clients.map((client) => client.stop()));
    await demo?.close();
  }
  return 0;
}
