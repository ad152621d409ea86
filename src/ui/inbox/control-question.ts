// The words of the y/n question x, X and p ask (the footer shows it).

import type { ControlRequest } from '../../protocol/control.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import { withKeys } from '../key-labels.js';

/** The question x, X and p ask, naming agent, session and run. */
export function controlQuestion(
  record: Pick<RequestRecord, 'agent' | 'session' | 'run'>,
  request: ControlRequest,
): string {
  const agent = displayLine(record.agent, 40);
  const session = displayLine(record.session, 40);
  const yesNo = withKeys('control', '{confirm}/{back}');
  switch (request.verb) {
    case 'cancel':
      return request.scope === 'session'
        ? `Cancel session ${session} of ${agent} (every run)? ${yesNo}`
        : `Cancel run ${displayLine(record.run ?? '', 40)} of ${agent} (session ${session})? ${yesNo}`;
    case 'pause':
      return `Pause session ${session} of ${agent}? ${yesNo}`;
    case 'resume':
      return `Resume session ${session} of ${agent}? ${yesNo}`;
  }
}
