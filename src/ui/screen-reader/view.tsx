// The screen-reader surface: a log of what happened (Ink's <Static>: each
// line is written once and stays in the terminal's history, for the screen
// reader's review cursor), and below it the one region the mode shows, as
// sentences. The region is read at a moment kept still until its words
// change for another reason, so the clock ticking rewrites nothing.
import React, { useState } from 'react';
import { Box, Static, Text } from 'ink';
import { ASCII_GLYPHS, drawingWith, type Glyphs } from '../glyphs.js';
import type { UiModel } from '../model.js';
import { advanceLog, startLog, type LogMemory } from './log.js';
import { promptSentence, regionSentences } from './regions.js';

/** Words, not marks: arrows are named, separators are punctuation. */
export const SPOKEN_GLYPHS: Glyphs = {
  ...ASCII_GLYPHS,
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  dot: ';',
  pointer: '',
  rule: ' ',
  quote: '',
  quoteTop: '',
  ellipsis: '...',
  arrow: 'to',
};

const SENTENCE_ROW = 1000;

export interface ScreenReaderFrame {
  /** The region's sentences, then the prompt / keys line. */
  region: string[];
  /** The moment its time left was read at. */
  at: number;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line === b[i]);

/** The region for this model: read at `before.at` while that reads the same words as before, else read now. */
export function readRegion(model: UiModel, before: ScreenReaderFrame | undefined): ScreenReaderFrame {
  return drawingWith(SPOKEN_GLYPHS, () => {
    const build = (at: number) => [...regionSentences(model, at), promptSentence(model)].filter(Boolean);
    if (before) {
      const still = build(before.at);
      if (same(still, before.region)) return before;
    }
    return { region: build(model.now), at: model.now };
  });
}

interface Spoken {
  model: UiModel;
  frame: ScreenReaderFrame;
  log: LogMemory;
  lines: { id: number; text: string }[];
}

/** Advances the log and the region once per model (a render of the same model changes nothing). */
export class Speaker {
  private last: Spoken | undefined;

  speak(model: UiModel): Spoken {
    const last = this.last;
    if (!last) this.last = { model, frame: readRegion(model, undefined), log: startLog(model), lines: [] };
    else if (last.model !== model) {
      const next = drawingWith(SPOKEN_GLYPHS, () => advanceLog(last.log, model));
      const lines = next.lines.length
        ? [...last.lines, ...next.lines.map((text, i) => ({ id: last.lines.length + i, text }))]
        : last.lines;
      this.last = { model, frame: readRegion(model, last.frame), log: next.memory, lines };
    }
    return this.last!;
  }
}

export function ScreenReaderView({ model }: { model: UiModel }): React.ReactElement {
  const [speaker] = useState(() => new Speaker());
  const { frame, lines } = speaker.speak(model);
  return (
    <>
      <Static items={lines}>{(line) => <Text key={line.id}>{line.text}</Text>}</Static>
      {/* Ink's screen-reader output ignores widths (the terminal wraps); drawn as boxes (tests), a sentence stays one row. */}
      <Box flexDirection="column" width={SENTENCE_ROW}>
        {frame.region.map((sentence, i) => (
          <Text key={i}>{sentence}</Text>
        ))}
      </Box>
    </>
  );
}
