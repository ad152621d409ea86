// config.json's `keys` for the interactive console (the demo too), and
// `aep-console keys`: the table in force, one line per action id.
import { displayLine } from '../protocol/sanitize.js';
import { loadProfiles } from '../files/config-file.js';
import { bindingsNow, applyBindings, type Bindings, type KeySpec } from '../ui/key-table.js';
import { labelsOf } from '../ui/key-labels.js';
import { keymapFrom } from '../ui/places/keymap.js';
import { PLACES } from '../ui/places/registry.js';
import { actionId } from '../ui/places/action-ids.js';
import { bindingWords, keyRows } from '../ui/key-rows.js';
import { UsageError } from './usage-error.js';

/**
 * The key map of the config file, checked whole (exit 2 naming every
 * problem); undefined: none, or a file not trusted (then said in
 * `warnings` where nothing else says it: the profiles are not read for the
 * demo).
 */
export function keymapOption(env: NodeJS.ProcessEnv, demo: boolean, warnings: string[]): { keys?: Bindings } {
  const loaded = loadProfiles(env);
  if (!loaded.ok) {
    if (!loaded.untrusted) throw new UsageError(loaded.error);
    if (demo) warnings.push(`warning: key map not used: ${loaded.error}`);
    return {};
  }
  const file = loaded.file;
  if (!file?.keys) return {};
  const map = keymapFrom(file.keys);
  if ('error' in map) throw new UsageError(`config file ${displayLine(file.path, 200)}: "keys": ${map.error}`);
  return { keys: map.bindings };
}

/** `aep-console keys`: every action's id, its keys as bound now (config.json's `keys` applied) and what it does. */
export function keysText(env: NodeJS.ProcessEnv): string {
  const loaded = loadProfiles(env);
  const { keys } = keymapOption(env, true, []);
  // The rows are rendered from the table in force: the file's, for as long as they are read.
  const restore = keys ? applyBindings(keys) : () => {};
  try {
    const rows = keyRows();
    const lines: string[] = [];
    const seen = new Set<string>();
    let place: string | undefined;
    bindingWords().forEach((words, i) => {
      for (const action of words.actions ?? []) {
        const id = actionId(words.scope, action);
        if (seen.has(id)) continue;
        seen.add(id);
        if (PLACES[words.scope].id !== place) {
          place = PLACES[words.scope].id;
          lines.push('', `${place}: ${PLACES[words.scope].titles.help()}`);
        }
        const specs = (bindingsNow()[words.scope] as Record<string, readonly KeySpec[]>)[action];
        lines.push(`  ${id.padEnd(26)} ${labelsOf(specs).join(' ').padEnd(14)} ${rows[i].does}`);
      }
    });
    const from =
      loaded.ok && loaded.file?.keys
        ? `with config.json's "keys" (${displayLine(loaded.file.path, 200)})`
        : 'as shipped (no "keys" in config.json)';
    return [
      `Keys in force, ${from}. Rebind with "keys": {"PLACE.ACTION": KEY or [KEY, ...]} in config.json.`,
      ...lines,
    ].join('\n');
  } finally {
    restore();
  }
}
