// `--demo`: the demo fleet started in this process, its relay and token used
// in place of the command line's, its token in a 0600 file so `list` can
// be tried on the demo from another terminal, and its state (the history)
// in the same private directory, removed when the demo stops.
import { writeDemoTokenFile } from './demo-token.js';

export interface DemoSession {
  relay: string;
  token: string;
  /** The 0600 file holding the token, for commands run from another terminal. */
  tokenFile: string;
  /** The demo's private state directory (0700, removed when it stops): its history, never the user's. */
  stateDir: string;
  /** What the UI shows about the demo. */
  info: { relay: string; listCommand: string };
  close(): Promise<void>;
}

export async function startDemoSession(agents: number | undefined): Promise<DemoSession> {
  // Imported only here: the console itself never depends on the demo.
  const { startDemo, demoAgentNames } = await import('../demo/fleet.js');
  const fleet = await startDemo({ agents: agents ? demoAgentNames(agents) : undefined });
  // So `list` can be tried on the demo from another terminal: its token in a 0600 file, removed on exit.
  const tokenFile = writeDemoTokenFile(fleet.token);
  // A stop by signal or a hang-up leaves through process.exit, never reaching
  // close() below: the file goes then too (removing it twice is harmless).
  const removeAtExit = () => tokenFile.remove();
  process.once('exit', removeAtExit);
  return {
    relay: fleet.relayUrl,
    token: fleet.token,
    tokenFile: tokenFile.path,
    stateDir: tokenFile.dir,
    // `npx`: after a clone's `npm install` the bin is not on the PATH, and npx
    // finds it there (and when installed or linked, on the PATH).
    info: {
      relay: fleet.relayUrl,
      listCommand: `npx aep-console list --relay ${fleet.relayUrl} --token-file ${tokenFile.path}`,
    },
    close: async () => {
      process.off('exit', removeAtExit);
      tokenFile.remove();
      await fleet.close();
    },
  };
}
