// A rule's end, as the rules file says it: `"until"`, an RFC 3339 time in
// UTC (`2026-12-08T01:00:00Z`, fractions of a second allowed). Read
// strictly: an offset other than `Z`, a date that does not exist
// (`2026-02-30`), a leap second or any other shape is unreadable, and the
// file with it is refused (rules.ts), never a rule that ends at a guess.

const RFC3339_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;

/** Milliseconds since the epoch, or undefined when `value` is not an RFC 3339 UTC time. */
export function parseUntil(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = RFC3339_UTC.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) + Number(`0.${m[7] ?? '0'}`) * 1000;
  // Date.UTC rolls an impossible day over (Feb 30 → Mar 2): the date read back must be the date written.
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return Math.floor(ms);
}

/** The file's form of an end: whole seconds, UTC (`2026-12-08T01:00:00Z`). */
export function formatUntil(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z');
}
