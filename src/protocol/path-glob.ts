// `path` in a rule: a glob over the file paths an edit touches, where `*`
// and `?` stay inside one segment (they never match `/`) and a segment that
// is `**` matches any number of segments, none included (`docs/**`,
// `**\/*.md`). Pure.
//
// The path is the producer's, and the tool that writes the file reads it in
// its own way: wherever that reading could differ from the plain text the
// glob sees, the path is unreadable against the rule (pathProblem), never
// matched or missed on a guess. The glob is the operator's: one the matcher
// would read otherwise than it looks (`..`, `//`, a `**` inside a segment)
// is refused when the file is read (pathGlobProblem).

/** C0 controls, DEL, C1 controls (NEL included). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why `path` cannot be read against `glob` (undefined: it can). The
 * contract's cases, and the ones a writing tool would read otherwise than
 * the text says: a `\` (a separator on Windows), a leading `~` (a home
 * directory to a shell), a drive letter, an empty segment (`a//b`, a
 * trailing `/`), space at either end.
 */
export function pathProblem(path: string, glob: string): string | undefined {
  if (path === '') return 'a path is empty';
  if (CONTROL.test(path)) return 'a path holds a control character';
  if (path.trim() !== path) return 'a path starts or ends with space';
  if (path.includes('\\')) return 'a path holds a "\\"';
  if (path.startsWith('~')) return 'a path starts with "~"';
  if (/^[A-Za-z]:/.test(path)) return 'a path starts with a drive letter';
  const segments = (path.startsWith('/') ? path.slice(1) : path).split('/');
  if (segments.some((s) => s === '.' || s === '..')) return 'a path holds a "." or ".." segment';
  if (segments.some((s) => s === '')) return 'a path holds an empty segment ("//" or a trailing "/")';
  if (path.startsWith('/') !== glob.startsWith('/'))
    return path.startsWith('/')
      ? "a path is absolute and the rule's is relative"
      : "a path is relative and the rule's is absolute";
  return undefined;
}

/** Why a rule's `path` glob is refused (undefined: it is fine). Words follow `match "path" `. */
export function pathGlobProblem(glob: string): string | undefined {
  if (glob === '') return 'must not be empty';
  if (CONTROL.test(glob)) return 'must not hold a control character';
  if (glob.trim() !== glob) return 'must not start or end with space';
  if (glob.includes('\\')) return 'must use "/" (a "\\" is refused)';
  if (glob.startsWith('~')) return 'must not start with "~" (write the directory out)';
  const segments = (glob.startsWith('/') ? glob.slice(1) : glob).split('/');
  if (segments.some((s) => s === '.' || s === '..')) return 'must not hold "." or ".." segments';
  if (segments.some((s) => s === '')) return 'must not hold "//" or end with "/" (for a directory write "dir/**")';
  if (segments.some((s) => s !== '**' && s.includes('**')))
    return 'takes "**" only as a whole segment ("docs/**", "**/*.md")';
  return undefined;
}

/**
 * Wildcard matching where a star token matches any run of elements and
 * every other token exactly one: iterative, with one backtrack point, so a
 * hostile value cannot make it exponential (the greedy leftmost choice is
 * right when each other token takes exactly one element).
 */
function wildcard<P, V>(
  pattern: readonly P[],
  value: readonly V[],
  star: (p: P) => boolean,
  one: (p: P, v: V) => boolean,
): boolean {
  let pi = 0;
  let vi = 0;
  let starAt = -1;
  let mark = 0;
  while (vi < value.length) {
    if (pi < pattern.length && !star(pattern[pi]!) && one(pattern[pi]!, value[vi]!)) {
      pi++;
      vi++;
    } else if (pi < pattern.length && star(pattern[pi]!)) {
      starAt = pi++;
      mark = vi;
    } else if (starAt >= 0) {
      pi = starAt + 1;
      vi = ++mark;
    } else return false;
  }
  while (pi < pattern.length && star(pattern[pi]!)) pi++;
  return pi === pattern.length;
}

/** One segment: `*` any run of characters, `?` one (neither crosses `/`: a segment has none). */
function segmentMatch(glob: string, segment: string): boolean {
  return wildcard(
    [...glob],
    [...segment],
    (c) => c === '*',
    (c, v) => c === '?' || c === v,
  );
}

/**
 * Whether `path` matches `glob`. Call only for a path pathProblem finds no
 * problem with, against a glob pathGlobProblem accepted.
 */
export function pathGlobMatch(glob: string, path: string): boolean {
  if (glob.startsWith('/') !== path.startsWith('/')) return false;
  const g = (glob.startsWith('/') ? glob.slice(1) : glob).split('/');
  const p = (path.startsWith('/') ? path.slice(1) : path).split('/');
  return wildcard(g, p, (s) => s === '**', segmentMatch);
}
