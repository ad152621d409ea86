// Public API of the pure protocol layer: no I/O, nothing here throws on input.
export * from './types.js';
export {
  parseEvent,
  readRequestPayload,
  readAnswerPayload,
  payloadIssues,
  isCommandType,
  isAgentScoped,
  isForeignEmitterType,
  looksLikeEvent,
  hostFromSource,
  severityRank,
  captureRank,
  isRfc3339,
  MAX_EVENT_BYTES,
  RULE_FRAME,
  RULE_SIZE,
  RULE_TYPE,
  RULE_CLOSED_SET,
  RULE_SCOPE,
  RULE_COMMAND,
  RULE_EXTENSION,
  RULE_SEVERITY,
  RULE_CAPTURE,
  RULE_DATA,
} from './parse.js';
export {
  displayText,
  displayLine,
  hasUnsafeText,
  toText,
  codeMarker,
  truncationSuffix,
  DEFAULT_MAX_CHARS,
} from './sanitize.js';
export {
  validateFormValues,
  checkFormSpec,
  fieldSpecProblem,
  fieldSpecProblems,
  gateFormValues,
  isFreeTextValue,
  type FormCheck,
} from './form.js';
export { buildRespond, answerCapture, type RespondInput } from './respond.js';
