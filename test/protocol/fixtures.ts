// The AEP conformance corpus the tests read, carried in the repository
// (test/fixtures/aep/, with its provenance and license in README.md there),
// so a clone alone runs the suite. corpus-copy.test.ts checks the copy
// against the workspace's own when there is one beside the checkout.
import { readFileSync } from 'node:fs';

export const corpusDir = new URL('../fixtures/aep/', import.meta.url);

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, corpusDir), 'utf8');
}

export function fixtureJson<T>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}

export function goldenLines(): string[] {
  return fixtureText('golden.jsonl')
    .split('\n')
    .filter((l) => l.trim() !== '');
}
