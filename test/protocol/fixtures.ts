// Reads the shared AEP conformance corpus in place (never copied into the
// repo): /work/shared/aep beside the repo root, ../shared/aep from it.
import { readFileSync } from 'node:fs';

const base = new URL('../../../shared/aep/fixtures/', import.meta.url);

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, base), 'utf8');
}

export function fixtureJson<T>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}

export function goldenLines(): string[] {
  return fixtureText('golden.jsonl').split('\n').filter((l) => l.trim() !== '');
}
