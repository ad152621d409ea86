// Part of the ink-caches plugin (it patches the same file, Ink's output.js,
// and esbuild lets one plugin load a file): Output#get is replaced by
// rowCachedGet (patches/output-rows.ts says what it does and why). The
// method replaced must be, byte for byte, the one that module was written
// against (its digest below): Ink's own drawing, which the module redoes
// with a cache, is not patched blind.
import { createHash } from 'node:crypto';
import { patchModule } from './patching.mjs';

const GET = '    get() {';
const END = '\n    }\n}\n';
/** sha256 of Ink 6.8.0's Output#get, from `    get() {` to its closing brace. */
const STOCK_GET = '27abe5b4354d8a7bbcdb23e823546fc5925258dedc7c91891b8ff9bff0f42c3d';

/** Ink's Output#get, the stock method, or undefined when output.js is not the one expected. */
export function stockGet(source) {
  const start = source.indexOf(GET);
  const end = source.lastIndexOf(END);
  if (start === -1 || end < start) return undefined;
  const method = source.slice(start, end + '\n    }'.length);
  return createHash('sha256').update(method).digest('hex') === STOCK_GET ? method : undefined;
}

/** Replaces Output#get with the row-cached one (the class's last method). */
export function patchOutputRows(source) {
  const method = stockGet(source);
  if (method === undefined) throw new Error("Ink's output changed: the row cache no longer applies");
  const hook = `    get() {\n        return aepRowCachedGet(this);\n    }`;
  return `import { rowCachedGet as aepRowCachedGet } from ${patchModule('output-rows')};\n${source.replace(method, () => hook)}`;
}
