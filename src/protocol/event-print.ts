// An Event's print: a digest of its whole content, members in any order
// (a hop may re-serialize it), so that two deliveries of one Event agree and
// two different Events under one identity do not. The rules read a cause
// "to the end": a second Event under the cause's (source, session, id) that
// differs from the first makes it unreadable (store/cause.ts), and this is
// how "differs" is told. A walk with its own stack, not recursion: a parsed
// Event may nest a megabyte deep, and a thrown RangeError would be a crash.

import { createHash } from 'node:crypto';

type Item = { token: string } | { value: unknown };

/** A hex SHA-256 over the Event's canonical JSON (object members sorted by name). */
export function eventPrint(event: unknown): string {
  const hash = createHash('sha256');
  const stack: Item[] = [{ value: event }];
  while (stack.length) {
    const item = stack.pop()!;
    if ('token' in item) {
      hash.update(item.token);
      continue;
    }
    const value = item.value;
    if (Array.isArray(value)) {
      stack.push({ token: ']' });
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i] });
        if (i > 0) stack.push({ token: ',' });
      }
      stack.push({ token: '[' });
    } else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      stack.push({ token: '}' });
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: record[keys[i]!] });
        stack.push({ token: `${JSON.stringify(keys[i])}:` });
        if (i > 0) stack.push({ token: ',' });
      }
      stack.push({ token: '{' });
    } else {
      // What JSON can hold: strings, finite numbers, booleans, null (anything else is written as null, as JSON does).
      hash.update(
        typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
          ? JSON.stringify(value)
          : 'null',
      );
    }
  }
  return hash.digest('hex');
}
