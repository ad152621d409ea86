// Actions by their ids (`request.resend`), as config.json and docs/keys.md
// write them: a place's id and its action's name (registry.ts).
import type { Scope } from '../key-table.js';
import { PLACES, SCOPES } from './registry.js';

/** The scopes whose actions an id's place names (the open request is two: answering, and answered). */
export function scopesOfPlace(id: string): Scope[] {
  return SCOPES.filter((scope) => PLACES[scope].id === id);
}

/** An action's id as config.json and docs/keys.md write it. */
export function actionId(scope: Scope, action: string): string {
  return `${PLACES[scope].id}.${action}`;
}
