import type { CrashGuard } from './crash.js';

export interface MainIO {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** The real process's crash guard (runCli); absent when tests call main(). */
  crash?: CrashGuard;
}
