// npm run bench: throughput of the pure layers and the cost of one frame.
// Figures are medians of several runs on whatever machine runs it; compare
// runs on the same machine, not across machines.
import { performance } from 'node:perf_hooks';
import React from 'react';
import { render } from 'ink-testing-library';
import { parseEvent } from '../src/protocol/parse.js';
import { displayText } from '../src/protocol/sanitize.js';
import type { AepEvent } from '../src/protocol/types.js';
import { ConsoleStore } from '../src/store/store.js';
import { inboxOrder } from '../src/store/selectors.js';
import { App } from '../src/ui/app.js';
import { buildListLines } from '../src/ui/inbox/list-view.js';
import { buildDetailLines } from '../src/ui/inbox/detail-view.js';
import { emptyEditor } from '../src/ui/text/editor.js';

const RELAY = 'http://bench.relay';

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(runs: number, fn: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function stream(requests: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < requests; i++) {
    const session = `s${i % 50}`;
    const source = `aep://bench/agent/a${i % 5}/session/${session}`;
    const base = { aep: '0.1', time: '2026-07-03T10:00:00Z', source, agent: `a${i % 5}`, session, epoch: 0 };
    const id = `R${i}`;
    lines.push(JSON.stringify({ ...base, id, type: 'attention.requested', seq: i * 3, severity: 'notice', capture: 'redacted', data: { kind: 'permission', prompt: `Permission requested: Bash — step ${i}`, options: [{ id: 'allow', label: 'Allow' }, { id: 'deny', label: 'Deny' }] } }));
    if (i % 4 !== 0) {
      lines.push(JSON.stringify({ ...base, id: `A${i}`, type: 'attention.answered', seq: i * 3 + 1, subject: id, data: { answer: { option: 'deny' }, via: 'control' } }));
      lines.push(JSON.stringify({ ...base, id: `S${i}`, type: 'attention.resolved', seq: i * 3 + 2, subject: id, data: { resolution: 'answered', latency_ms: 1200 } }));
    }
  }
  return lines;
}

function report(name: string, value: string): void {
  process.stdout.write(`${name.padEnd(58)} ${value}\n`);
}

async function main(): Promise<void> {
  const lines = stream(20_000);
  const parsed: AepEvent[] = [];
  const parseMs = time(3, () => {
    parsed.length = 0;
    for (const line of lines) {
      const result = parseEvent(line);
      if (result.ok) parsed.push(result.event);
    }
  });
  report(`parseEvent, ${lines.length} events`, `${parseMs.toFixed(1)} ms  (${Math.round(lines.length / (parseMs / 1000)).toLocaleString('en')} events/s)`);

  let store = new ConsoleStore();
  const foldMs = time(3, () => {
    store = new ConsoleStore();
    for (const event of parsed) store.applyEvent(RELAY, event);
  });
  report(`store fold, ${parsed.length} events (cap 1000 terminal)`, `${foldMs.toFixed(1)} ms  (${Math.round(parsed.length / (foldMs / 1000)).toLocaleString('en')} events/s)`);
  const dupMs = time(3, () => {
    for (const event of parsed) store.applyEvent(RELAY, event);
  });
  report(`store dedupe, ${parsed.length} duplicate events`, `${dupMs.toFixed(1)} ms`);

  const records = store.allRequests();
  const orderMs = time(20, () => void inboxOrder(records));
  report(`inboxOrder over ${records.length} requests`, `${orderMs.toFixed(2)} ms`);

  const hostile = '\u001b]52;c;ZWNobyBoaQ==\u0007 rm -rf \u001b[24D\u001b[K\u202e\u200b'.repeat(20_000);
  const sanitizeMs = time(5, () => void displayText(hostile, 4000));
  report(`displayText, ${(hostile.length / 1e6).toFixed(2)}M hostile chars, cap 4000`, `${sanitizeMs.toFixed(2)} ms`);
  const sanitizeFullMs = time(3, () => void displayText(hostile, hostile.length));
  report(`displayText, ${(hostile.length / 1e6).toFixed(2)}M hostile chars, uncapped`, `${sanitizeFullMs.toFixed(1)} ms`);

  const ordered = inboxOrder(records);
  const listMs = time(20, () => void buildListLines({ records: ordered, selectedIndex: 500, width: 56, height: 38, now: Date.now(), focused: true, showPrompt: false }));
  report(`list rows for ${ordered.length} requests (120x40)`, `${listMs.toFixed(2)} ms`);
  const longPrompt = { ...ordered[0], payload: { ...ordered[0].payload, prompt: 'word '.repeat(20_000) } };
  const detailMs = time(20, () =>
    void buildDetailLines({ record: longPrompt, draft: { reply: emptyEditor, highlight: 2 }, lock: 'none', focused: true, width: 60, height: 38, scroll: 0, now: Date.now(), relay: RELAY }),
  );
  report('detail rows, 100k-char prompt (60 columns)', `${detailMs.toFixed(2)} ms`);

  // A whole frame through Ink: keypress to rendered frame, 1,000+ requests listed.
  const app = render(React.createElement(App, { store, clients: [], size: { columns: 120, rows: 40 }, tickMs: 0, write: () => {}, bell: false }));
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  await settle();
  const frameSamples: number[] = [];
  for (let i = 0; i < 40; i++) {
    const before = app.frames.length;
    const start = performance.now();
    app.stdin.write(i % 2 ? '\u001b[A' : '\u001b[B');
    while (app.frames.length === before && performance.now() - start < 2000) await settle();
    frameSamples.push(performance.now() - start);
  }
  app.unmount();
  report(`keypress → frame, ${records.length} requests, 120x40`, `${median(frameSamples).toFixed(2)} ms median, ${Math.max(...frameSamples).toFixed(2)} ms max`);
  report('memory (heap used)', `${(process.memoryUsage().heapUsed / 1e6).toFixed(1)} MB`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
