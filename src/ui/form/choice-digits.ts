// What a digit does in a form's select field, as digits.ts decides it for
// the options of a request: the choices are numbered on screen and in the
// screen reader's words, and digit N picks choice N (kept apart from
// digits.ts so that the field editors can read it without the inbox).

/** How many choices the digit keys can name at most (1-9), as for options. */
const DIGIT_CHOICES = 9;

/**
 * In a form's select field the choices are numbered as the screen reader
 * reads them (then `Other…`, numbered last): digit N picks choice N there
 * (a multi select toggles it; on `Other…` it only moves there), and is text
 * in a text or number field (or on the `Other…` row). How many a digit can
 * name here; 0 where digits name no choice.
 */
export function fieldChoices(field: { type: string; choices?: readonly unknown[]; other?: boolean }): number {
  if (field.type !== 'select') return 0;
  return Math.min(DIGIT_CHOICES, (field.choices?.length ?? 0) + (field.other ? 1 : 0));
}

/** The choice (0-based) digit N names in a select field, if it names one. */
export function choiceOfDigit(
  field: { type: string; choices?: readonly unknown[]; other?: boolean },
  n: number | undefined,
): number | undefined {
  return n !== undefined && n >= 1 && n <= fieldChoices(field) ? n - 1 : undefined;
}
