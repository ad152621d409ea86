// Anyone's commands for a request, as the fold keeps them: each
// `control.attention.respond` read into a SeenCommand, the list bounded per
// request, and the ack (`control.accepted` / `control.rejected`) stamped on
// the command it names. Pure: the fold keeps the command index in step.

import type { AepEvent } from '../protocol/types.js';
import { readAnswer, str } from './read.js';
import type { SeenCommand } from './types.js';

/** Commands kept per request (the newest). */
export const MAX_COMMANDS_KEPT = 50;

/** The command a `control.attention.respond` Event is. */
export function seenCommand(event: AepEvent): SeenCommand {
  return {
    id: event.id,
    source: event.source,
    agent: event.agent,
    answer: readAnswer(event.data?.answer),
    time: event.time,
  };
}

/** `commands` with `command` appended, the newest MAX_COMMANDS_KEPT kept; `dropped` are the ones that fell off. */
export function withCommand(
  commands: readonly SeenCommand[],
  command: SeenCommand,
): { kept: SeenCommand[]; dropped: SeenCommand[] } {
  const all = [...commands, command];
  return {
    kept: all.slice(-MAX_COMMANDS_KEPT),
    dropped: all.slice(0, Math.max(0, all.length - MAX_COMMANDS_KEPT)),
  };
}

/** `commands` with the ack an Event carries stamped on the command it names (a first ack only: a later one changes nothing). */
export function withAck(commands: readonly SeenCommand[], event: AepEvent): SeenCommand[] {
  const data = event.data ?? {};
  const ack =
    event.type === 'control.accepted'
      ? { accepted: true }
      : { accepted: false, reason: str(data.reason), detail: str(data.detail) };
  return commands.map((command) => (command.id === event.cause && !command.ack ? { ...command, ack } : command));
}
