// Time to first frame, measured as a person sees it: a pseudo-terminal
// (util-linux `script`) sized 100x30, from spawning the process to the first
// frame's bytes on the terminal. The same harness times bare `node -e`, so
// the pty and shell costs are in both figures.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** ms from spawn until `marker` appears on the terminal. */
export function timeToMarker(command: string[], marker: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      'script',
      ['-qfec', `stty rows 30 cols 100; exec ${command.map(quote).join(' ')}`, '/dev/null'],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
        env,
        detached: true,
      },
    );
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`no "${marker}" within 20 s`)), 20_000);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      const elapsed = performance.now() - start;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      if (error) reject(error);
      else resolve(elapsed);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes(marker)) finish();
    });
    child.on('error', (error) => finish(error));
  });
}
