// The real <App> wired to a real RelayClient on a demo relay, for the
// end-to-end files: keys in, frames out, and a wait for what the screen says.
import React from 'react';
import { render } from 'ink-testing-library';
import type { DemoPair } from './demo-pair.js';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { App } from '../../src/ui/app.js';
import type { AppProps } from '../../src/ui/app-props.js';

/** What a test may change: the clock (store and App read the same one) and the client's timing. */
export interface E2eOptions {
  now?: () => number;
  timing?: ConstructorParameters<typeof RelayClient>[0]['timing'];
  /** The console's --name and host (default e2e-console on e2e-host). */
  name?: string;
  host?: string;
  /** --read-only: the client and the keys send nothing. */
  readOnly?: boolean;
  /** --notify-cmd's hook (cli/notify-cmd.ts phoneFor). */
  phone?: AppProps['phone'];
}

export function consoleOnDemo(demo: Pick<DemoPair, 'relay'>, token: string, columns = 80, options: E2eOptions = {}) {
  const store = new ConsoleStore(options.now ? { now: options.now } : undefined);
  const client = new RelayClient({
    url: demo.relay.url,
    token,
    name: options.name ?? 'e2e-console',
    host: options.host ?? 'e2e-host',
    store,
    timing: options.timing,
    readOnly: options.readOnly,
  });
  client.start();
  const app = render(
    <App
      store={store}
      clients={[client]}
      size={{ columns, rows: 30 }}
      tickMs={0}
      now={options.now}
      readOnly={options.readOnly}
      phone={options.phone}
      write={() => {}}
      env={{ NO_COLOR: '1', LANG: 'C.UTF-8' }}
    />,
  );
  const frame = () => app.lastFrame() ?? '';
  /** Resolves when the frame (whitespace squeezed) satisfies the predicate: re-checked on every store change, and polled for frames. */
  const until = (predicate: (text: string) => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}; last frame:\n${frame()}`));
      }, 8000);
      const check = () => {
        if (predicate(frame().replace(/\s+/g, ' '))) {
          cleanup();
          resolve();
        }
      };
      const poll = setInterval(check, 10);
      const unsubscribe = store.subscribe(() => setImmediate(check));
      const cleanup = () => {
        clearTimeout(timer);
        clearInterval(poll);
        unsubscribe();
      };
      check();
    });
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      app.stdin.write(key);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const stop = async () => {
    app.unmount();
    await client.stop();
  };
  return { store, client, app, frame, until, press, stop };
}
