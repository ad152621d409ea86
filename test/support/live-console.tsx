// The real <App> on a real RelayClient of a demo relay, live before the first
// frame: what the rules' end-to-end files start alike. A history (a decision
// log in a fresh private folder, and its recorder) when asked for;
// `beforeStart` sees the client before it connects (a test wraps its reads).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import React from 'react';
import { render } from 'ink-testing-library';
import type { DemoRelay } from '../../src/demo/relay.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import type { RelayTiming } from '../../src/relay/timing.js';
import { ConsoleStore } from '../../src/store/store.js';
import { App } from '../../src/ui/app.js';
import { waitFor } from '../relay/helpers.js';

type AppProps = React.ComponentProps<typeof App>;

export interface LiveConsoleOptions {
  relay: DemoRelay;
  token: string;
  /** Keep a decision history (the prefix names its temporary folder); the App reads it (H). */
  history?: string;
  timing?: Partial<RelayTiming>;
  beforeStart?: (client: RelayClient) => void;
  /** The App's props beyond the store, the client, the size and the quiet terminal. */
  app?: Omit<Partial<AppProps>, 'store' | 'clients'>;
  columns?: number;
  tickMs?: number;
}

export async function liveConsole(options: LiveConsoleOptions) {
  const store = new ConsoleStore();
  const log = options.history
    ? new DecisionLog(join(mkdtempSync(join(tmpdir(), options.history)), 'state', 'aep-console'))
    : undefined;
  const recorder = log && new DecisionRecorder(store, log);
  recorder?.start();
  const client = new RelayClient({
    url: options.relay.url,
    token: options.token,
    name: 'aep-console',
    host: 'console-host',
    store,
    decisions: recorder,
    timing: { rosterDebounceMs: 20, backoffInitialMs: 100, ...options.timing },
  });
  options.beforeStart?.(client);
  client.start();
  await waitFor(
    store,
    (s) => s.getRelay(client.relay)?.connection.kind === 'live' && !s.getRelay(client.relay)?.replaying,
    'live',
  );
  const history = log && recorder && { read: () => log.read() };
  const app = render(
    <App
      store={store}
      clients={[client]}
      size={{ columns: options.columns ?? 200, rows: 30 }}
      tickMs={options.tickMs ?? 50}
      write={() => {}}
      env={{ NO_COLOR: '1', LANG: 'C.UTF-8' }}
      {...(history ? { history } : {})}
      {...options.app}
    />,
  );
  return { store, client, app, log, recorder };
}
