// Request fixtures shared by the demo-agent, relay end-to-end and UI form
// tests: a Bash permission with Allow / Deny, and form field builders. Each
// call returns fresh objects, so a test may spread or mutate what it gets.

import type { RaiseRequest } from '../../src/demo/agent.js';
import type { FieldSpec } from '../../src/protocol/types.js';

/** A Bash permission request, answered Allow or Deny. */
export const permissionRequest = (prompt: string): RaiseRequest => ({
  kind: 'permission',
  subject: 'Bash',
  prompt,
  options: [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ],
});

/** The required text field "Service name". */
export const serviceNameField = (): FieldSpec => ({
  id: 'name',
  type: 'string',
  label: 'Service name',
  required: true,
});

/** "Replicas", a number from 1 to `max`. */
export const replicasField = (max = 10): FieldSpec => ({
  id: 'replicas',
  type: 'number',
  label: 'Replicas',
  min: 1,
  max,
});

/** A yes / no field with id "staged". */
export const stagedField = (label: string): FieldSpec => ({ id: 'staged', type: 'boolean', label });

/** A select field; `choices` as [id, label] pairs, in order. */
export const selectField = (
  id: string,
  label: string,
  choices: Array<[string, string]>,
  flags: Pick<FieldSpec, 'required' | 'multi' | 'other'> = {},
): FieldSpec => ({
  id,
  type: 'select',
  label,
  ...flags,
  choices: choices.map(([choiceId, choiceLabel]) => ({ id: choiceId, label: choiceLabel })),
});
