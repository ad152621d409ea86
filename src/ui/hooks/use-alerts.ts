import { useEffect, useRef } from 'react';
import { useStdout } from 'ink';
import type { ConsoleStore } from '../../store/store.js';
import { BEL, notificationSequence } from '../alerts.js';

export interface AlertOptions {
  bell: boolean;
  notify: boolean;
  env: NodeJS.ProcessEnv;
  write?: (data: string) => void;
}

/**
 * Rings once per new pending request that arrived live (never for history
 * replayed at start-up), and optionally sends a desktop notification.
 */
export function useAlerts(store: ConsoleStore, options: AlertOptions): void {
  const { stdout } = useStdout();
  const alerted = useRef(new Set<string>());
  const optionsRef = useRef(options);
  optionsRef.current = options;
  useEffect(() => {
    const check = () => {
      const { bell, notify, env, write } = optionsRef.current;
      const out = write ?? ((data: string) => stdout.write(data));
      for (const record of store.allRequests()) {
        if (alerted.current.has(record.key)) continue;
        alerted.current.add(record.key);
        if (record.replayed || record.state !== 'pending') continue;
        if (bell) out(BEL);
        if (notify) out(notificationSequence('aep-console', `${record.agent} needs you: ${record.payload.kind}`, env));
      }
    };
    check();
    return store.subscribe(check);
  }, [store, stdout]);
}
