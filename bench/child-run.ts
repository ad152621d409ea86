// What every part of the bench shares: running one bench child and reading
// the figures it prints, and the helpers the table's rows are written with.
import { execFileSync } from 'node:child_process';

export const RUNS = 5;

export interface UiRun {
  pending: number;
  latencies: number[];
  bytesPerMove: number[];
  firstFrameBytes: number;
  rssMb: number;
}

export interface SoakRun {
  pending: number;
  soakHours: number;
  heapMbPerHour: number;
  firstMb: number;
  lastMb: number;
  frames: number;
  realSeconds: number;
}

/** One row of the table: printed as it is measured, and again in the table at the end. */
export type Row = (name: string, value: string, goal?: string) => void;

export const mean = (samples: number[]) => samples.reduce((a, b) => a + b, 0) / samples.length;
export const round = (value: number | undefined, digits = 1) =>
  value === undefined ? NaN : Number(value.toFixed(digits));
export const say = (text: string) => process.stdout.write(`${text}\n`);

/** Ink draws nothing before exit when CI is set: the children draw as on a terminal. */
const { CI: _ci, CONTINUOUS_INTEGRATION: _continuous, ...env } = process.env;
export const terminalEnv = env;

export function childRun<T>(file: string, args: string[], nodeFlags: string[] = []): T {
  // stderr is kept (and shown if the child fails), not passed through: Ink's exit writes a cursor escape there.
  const out = execFileSync(process.execPath, [...nodeFlags, file, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: terminalEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`bench child printed no figures: ${out.slice(0, 200)}`);
  return JSON.parse(line) as T;
}

export const uiRun = (file: string, args: string[]) => childRun<UiRun>(file, args);
