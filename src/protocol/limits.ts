// What the console keeps of one request's payload, at most. A
// hostile producer can send a 1 MB prompt or 300,000 junk options in every
// request; the console keeps a fixed amount of each, says what it left out,
// and reports a malformed list as one issue per kind of fault rather than one
// per entry (an issue per entry of a 300,000-entry list was the out-of-memory).

import type { PayloadIssue } from './types.js';
import { truncationSuffix } from './sanitize.js';

/** Prompt characters kept; the detail view shows up to 8000, so the suffix still fits on screen. */
export const PROMPT_KEPT_CHARS = 7_900;
/** Option, choice and field labels. */
export const LABEL_KEPT_CHARS = 500;
/** Longer ids cannot be cut (an answer must name the id exactly): such entries are dropped, flagged. */
export const ID_MAX_CHARS = 1_024;
/**
 * Options, and choices per select field. Generous (the console renders lists
 * this long, test/hardening/render-stress): an event is at most 1 MB on the
 * wire, so what is kept stays proportional to it; the cap stops a list of
 * 300,000 junk entries from costing more than a list of this many.
 */
export const OPTIONS_KEPT = 10_000;
/** Fields of one form (the same reasoning). */
export const FIELDS_KEPT = 5_000;
/** Issues kept per request; the rest are counted in one last issue. */
export const ISSUES_KEPT = 20;
/** respond_via channels kept (there are two defined). */
export const CHANNELS_KEPT = 8;

/**
 * `text` cut to `max` UTF-16 units (never inside a surrogate pair) with
 * `… (N more characters)` appended, N counted in code points. The kept part is
 * a fresh copy: V8 keeps a slice pointing into its parent, so a slice of a
 * 1 MB prompt would hold the whole megabyte.
 */
export function keepText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = Math.max(0, max);
  const c = text.charCodeAt(cut);
  if (cut > 0 && c >= 0xdc00 && c <= 0xdfff) cut--;
  return flatCopy(text.slice(0, cut)) + truncationSuffix(codePoints(text, cut));
}

/** A copy that shares no memory with the string it came from. */
export function flatCopy(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

function codePoints(text: string, from: number): number {
  let n = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The issues of a payload that has none: shared, frozen, so nobody can add to everyone's. */
export const NO_ISSUES: PayloadIssue[] = Object.freeze([]) as unknown as PayloadIssue[];

/**
 * Issues of one payload, bounded: a fault repeated across a list's entries is
 * one issue ("3 entries without an id, first data.options[0]"), and past
 * ISSUES_KEPT distinct issues the rest are only counted.
 */
export class IssueList {
  private list: PayloadIssue[] = NO_ISSUES;
  /** list path + reason → index in `list` and how many times it happened. */
  // Made on the first entry: most payloads have no issue, and a Map per request read is garbage at intake speed.
  private grouped: Map<string, { index: number; count: number; first: string }> | undefined;
  private dropped = 0;

  constructor(initial?: PayloadIssue[]) {
    // No default list: one is read for every request payload, almost always with none.
    if (initial) for (const issue of initial) this.push(issue);
  }

  push(issue: PayloadIssue): void {
    if (this.list.length >= ISSUES_KEPT) this.dropped++;
    else if (this.list === NO_ISSUES) this.list = [issue];
    else this.list.push(issue);
  }

  /** One issue per (list, reason), however many entries share it. */
  entry(listPath: string, index: number, reason: string, suffix = ''): void {
    const key = `${listPath}\u001f${suffix}\u001f${reason}`;
    const grouped = (this.grouped ??= new Map());
    const group = grouped.get(key);
    if (group) {
      group.count++;
      if (group.index >= 0)
        this.list[group.index] = { path: group.first, reason: `${reason} (${group.count} entries, first shown)` };
      return;
    }
    const first = `${listPath}[${index}]${suffix}`;
    const at = this.list.length < ISSUES_KEPT ? this.list.length : -1;
    grouped.set(key, { index: at, count: 1, first });
    this.push({ path: first, reason });
  }

  /** Issues so far, counted or kept: grows with every new one (a repeat of a grouped one only counts inside it). */
  get size(): number {
    return this.list.length + this.dropped;
  }

  /** The issues, with a last one counting those not kept. */
  done(): PayloadIssue[] {
    if (this.dropped > 0) this.list.push({ path: 'data', reason: `${this.dropped} more problems not listed` });
    // Most payloads have no issue: they all share one frozen empty list (a list is never changed once done).
    return this.list;
  }
}
