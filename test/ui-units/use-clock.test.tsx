import { test } from 'node:test';
import assert from 'node:assert/strict';
import React, { useState } from 'react';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useClock } from '../../src/ui/hooks/use-clock.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function probe(tickMs: number) {
  const state = { renders: 0, wall: 1000, bump: () => {} };
  function Probe() {
    const [, setOther] = useState(0);
    state.bump = () => setOther((n) => n + 1);
    state.renders++;
    return <Text>{useClock(() => state.wall, tickMs)}</Text>;
  }
  return { state, app: render(<Probe />) };
}

test('while nothing else renders, the clock re-renders every tick with the time read then', async () => {
  const { state, app } = probe(20);
  const deadline = Date.now() + 5000;
  state.wall = 2000;
  while (state.renders < 4 && Date.now() < deadline) await wait(10);
  assert.ok(state.renders >= 4, `${state.renders} renders`);
  assert.equal(app.lastFrame(), '2000');
  app.unmount();
});

test('any other render reads the clock and pushes the tick back: no tick lands between keys', async () => {
  // Renders for another reason every 50 ms, against a 1 s tick: none of the
  // renders may be a tick (the margin is wide enough for a loaded machine).
  const { state, app } = probe(1000);
  // 1.5 s in all: a clock on a plain 1 s interval would have ticked once.
  for (let i = 1; i <= 30; i++) {
    await wait(50);
    state.wall = 1000 + i;
    state.bump();
  }
  await wait(10);
  assert.equal(state.renders, 31, 'the first render and the 30 others, no tick');
  assert.equal(app.lastFrame(), '1030', 'each render read the clock');
  app.unmount();
});
