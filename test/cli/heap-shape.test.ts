// The heap's shape (src/cli/heap-shape.ts): on a known V8 its flags take
// effect when set at run time (the young generation keeps the size it
// started with while retained objects pile up, as in a replay), and on an
// unknown one nothing is set (V8 would print an unknown flag over the frame).
// Each figure comes from a child process of its own: flags set here would
// shape this test process's heap for every test after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { HEAP_FLAGS, shapeHeap } from '../../src/cli/heap-shape.js';

const shapeUrl = new URL('../../src/cli/heap-shape.ts', import.meta.url).href;

/** Young-generation and whole-heap sizes (MB) in a child that retains ~40 MB of small objects, shaped first or not. */
function pileUp(shaped: boolean): { newSpaceMb: number; startNewSpaceMb: number; shapedAnswer: boolean | null } {
  const script = `
    import v8 from 'node:v8';
    import { shapeHeap } from ${JSON.stringify(shapeUrl)};
    const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
    const startNewSpaceMb = newSpace();
    const shapedAnswer = ${shaped} ? shapeHeap() : null;
    const kept = [];
    for (let i = 0; i < 400000; i++) kept.push({ i, key: 'request-' + i, list: [i, i + 1] });
    process.stdout.write(JSON.stringify({ newSpaceMb: newSpace(), startNewSpaceMb, shapedAnswer, kept: kept.length }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as { newSpaceMb: number; startNewSpaceMb: number; shapedAnswer: boolean | null };
}

// Node 26's V8 (14.6) has both flags, but its young generation starts at an
// odd size (3.25 MB) and grew to 4 MB with both set at run time (13.75 MB
// without), so the claim below does not hold there as written, and the
// console's memory figures were never measured there: shapeHeap leaves it
// alone. On such a V8 this test checks that nothing was set (the young
// generation grows as it does unshaped). `known`: the V8 majors (Node 20 to
// 24) whose flags were checked, where shapeHeap should set them, and no other.
const known = [11, 12, 13].includes(Number.parseInt(process.versions.v8, 10));

test(
  known
    ? 'on this V8 the young generation keeps its starting size while retained objects pile up; left alone, V8 grows it'
    : `on this V8 (${process.versions.v8}, not one whose flags were checked) nothing is set: the young generation grows as it does left alone`,
  () => {
    const shaped = pileUp(true);
    const plain = pileUp(false);
    assert.ok(
      plain.newSpaceMb > plain.startNewSpaceMb,
      `unshaped: V8 grew it (${plain.startNewSpaceMb} → ${plain.newSpaceMb} MB): the figures can tell the two apart`,
    );
    assert.equal(shaped.shapedAnswer, known, known ? 'the flags were set on this V8' : 'nothing was set on this V8');
    if (!known) {
      assert.ok(
        shaped.newSpaceMb > shaped.startNewSpaceMb,
        `asked to shape, left alone: V8 grew it (${shaped.startNewSpaceMb} → ${shaped.newSpaceMb} MB)`,
      );
      return;
    }
    assert.ok(
      shaped.newSpaceMb <= shaped.startNewSpaceMb,
      `shaped: the young generation stayed at ${shaped.startNewSpaceMb} MB (now ${shaped.newSpaceMb} MB)`,
    );
  },
);

test('on a V8 whose flag list was not checked nothing is set, and the flags are the two documented', () => {
  assert.equal(shapeHeap('10.2.154.26'), false);
  assert.equal(shapeHeap('14.1.0'), false);
  assert.deepEqual(HEAP_FLAGS, ['--semi-space-growth-factor=1', '--heap-growing-percent=125']);
});
