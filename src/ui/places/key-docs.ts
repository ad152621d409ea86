// docs/keys.md's table: every row of help, with where it acts and each
// action's id (config.json's `keys`), rendered from the bindings in force.
import { bindingWords, keyRows } from '../key-rows.js';
import { PLACES } from './registry.js';
import { actionId } from './action-ids.js';

/** docs/keys.md's table, rendered from the bindings in force: where, the keys, each action's id (config.json's `keys`), what they do. */
export function keyTableMarkdown(): string {
  const rows = keyRows().map((row, i) => {
    const ids = (bindingWords()[i].actions ?? []).map((action) => `\`${actionId(row.scope, action)}\``).join(' ');
    return `| ${PLACES[row.scope].titles.table} | \`${row.keys.replace(/\|/g, '\\|')}\` | ${ids} | ${row.does} |`;
  });
  return ['| where | keys | id | action |', '|---|---|---|---|', ...rows].join('\n');
}
