// Part of the ink-caches plugin: Ink's ANSI sanitizer (sanitize-ansi.js)
// returns a text whose only escapes are plain SGR sequences at once
// (patches/sanitize.ts says why that is what it would return anyway).
import { patchModule, replaceAnchor } from './patching.mjs';

const SANITIZE = 'const sanitizeAnsi = (text) => {';

export function patchSanitize(source) {
  const changed = "Ink's sanitize-ansi changed: the plain-SGR fast path no longer applies";
  replaceAnchor(source, 'if (!hasAnsiControlCharacters(text)) {', (same) => same, changed);
  const patched = replaceAnchor(
    source,
    SANITIZE,
    () => `${SANITIZE}\n    if (aepOnlyPlainSgr(text)) {\n        return text;\n    }`,
    changed,
  );
  return `import { onlyPlainSgr as aepOnlyPlainSgr } from ${patchModule('sanitize')};\n${patched}`;
}
