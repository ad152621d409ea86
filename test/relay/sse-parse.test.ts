// The SSE reader on its own: line ends in every form, split anywhere,
// comments, multi-line data, and the bound on hostile lengths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SseParser } from '../../src/relay/sse-parse.js';

function parse(chunks: string[], maxLine = 100): string[] {
  const seen: string[] = [];
  const parser = new SseParser(
    {
      message: (data, event) => seen.push(`msg${event ? `(${event})` : ''}:${data}`),
      comment: (text) => seen.push(`comment:${text}`),
      oversize: () => seen.push('oversize'),
    },
    maxLine,
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return seen;
}

test('SseParser: table', () => {
  const cases: { name: string; chunks: string[]; want: string[]; max?: number }[] = [
    { name: 'one message', chunks: ['data: a\n\n'], want: ['msg:a'] },
    { name: 'event name', chunks: ['event: x.y\nid: s:0:1\ndata: a\n\n'], want: ['msg(x.y):a'] },
    { name: 'CRLF', chunks: ['data: a\r\n\r\n'], want: ['msg:a'] },
    { name: 'CR alone', chunks: ['data: a\r\r'], want: ['msg:a'] },
    { name: 'CRLF split across chunks', chunks: ['data: a\r', '\n\r', '\n'], want: ['msg:a'] },
    { name: 'split mid-field', chunks: ['da', 'ta: a', 'b\n', '\n'], want: ['msg:ab'] },
    { name: 'multi-line data', chunks: ['data: a\ndata: b\n\n'], want: ['msg:a\nb'] },
    {
      name: 'comments',
      chunks: [': ping\n:replay-exhausted s 0:1\n\n'],
      want: ['comment:ping', 'comment:replay-exhausted s 0:1'],
    },
    { name: 'no space after colon', chunks: ['data:a\n\n'], want: ['msg:a'] },
    { name: 'torn last message', chunks: ['data: a\n\ndata: b'], want: ['msg:a'] },
    { name: 'empty message', chunks: ['\n\n\n'], want: [] },
    {
      name: 'oversize line dropped whole',
      chunks: [`data: ${'x'.repeat(50)}`, `${'x'.repeat(60)}\n\ndata: ok\n\n`],
      want: ['oversize', 'msg:ok'],
    },
    {
      name: 'oversize message across lines',
      chunks: [`${'data: 0123456789\n'.repeat(12)}\ndata: ok\n\n`],
      want: ['oversize', 'msg:ok'],
    },
  ];
  for (const c of cases) assert.deepEqual(parse(c.chunks, c.max), c.want, c.name);
});
