import type { CrashGuard } from './crash.js';

export interface MainIO {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** The real process's crash guard (runCli); absent when tests call main(). */
  crash?: CrashGuard;
  /**
   * The full-screen console calls `starts` as it starts (before it awaits
   * anything), then `drawn` once its first frame is on the screen (runCli:
   * the code cache is kept, then the heap shaped), or `none` when it will
   * draw none (a terminal that cannot run it). Absent when tests call main().
   */
  firstFrame?: { starts: () => void; drawn: () => void; none: () => void };
}
