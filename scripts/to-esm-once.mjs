// esbuild plugin for every bundle of the console: esbuild's __toESM, the
// helper that gives an ES module a namespace of a CommonJS one, is made to
// give each CommonJS module one namespace, made on its first import, not a
// new one at every import. Each namespace is a copy of the module's
// properties as getters: node:process's 150-odd for each of the 18 modules
// that import it, node:fs's hundred for 20, React's for 34, about 7,000
// properties defined as the bundle loads, some 20 million instructions
// before the first frame. A namespace holds getters only (its module's own
// values, read when asked), so one shared by every importer reads as each
// importer's own did.
//
// esbuild has no setting for its helpers, so the plugin edits its output:
// right after the statement that defines the helper it reassigns it to a
// wrapper that remembers the namespace per module (weakly: a module is never
// kept alive by it) and per kind of import (esbuild's "node mode" or not),
// and it moves the source map's mappings after the insertion by its length.
// An output that holds the helper in a form the plugin does not know fails
// the build, as the bundle's other patches do (test/build/to-esm-once.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Buffer } from 'node:buffer';
import { shiftMappings } from './source-map-shift.mjs';
import { ablated } from './ablate.mjs';

/** The helper's definition, minified (`var $=(e,t,n)=>(n=e!=null?`) or not (`var __toESM = (mod, isNodeMode, target) => (`). */
const HELPER = /var ([\w$]+) ?= ?\(([\w$]+), ?([\w$]+), ?([\w$]+)\) ?=> ?\(\4 ?= ?\2 ?!= ?null ?\?/;

/** Where the statement starting at `start` ends (just after its `;`), skipping strings and brackets. */
function statementEnd(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ';' && depth === 0) return i + 1;
  }
  throw new Error("to-esm-once: esbuild's __toESM helper has no end");
}

/** The text inserted after the helper's statement: `name` reassigned to its remembering wrapper. */
export function wrapperText(name) {
  return (
    `${name}=(aepToEsm=>{const aepByKind=[new WeakMap,new WeakMap];` +
    `return(mod,isNodeMode)=>{if(mod==null||typeof mod!=="object"&&typeof mod!=="function")return aepToEsm(mod,isNodeMode);` +
    `const seen=aepByKind[isNodeMode?1:0];let ns=seen.get(mod);` +
    `if(ns===undefined)seen.set(mod,ns=aepToEsm(mod,isNodeMode));return ns}})(${name});`
  );
}

/**
 * `text` (a bundle) with its __toESM made to remember, and where the text
 * was changed (`at`, the insertion's offset, and `inserted`); undefined when
 * the bundle holds no such helper (it imports no CommonJS module from an ES
 * module). Throws when it holds one in a form this does not know.
 */
export function toEsmOnce(text) {
  const found = HELPER.exec(text);
  if (!found) {
    if (/\.__esModule ?\? ?[\w$]+\([\w$]+, ?"default"/.test(text))
      throw new Error("to-esm-once: esbuild's __toESM helper changed: its namespaces are no longer remembered");
    return undefined;
  }
  const at = statementEnd(text, found.index);
  const inserted = wrapperText(found[1]);
  return { text: `${text.slice(0, at)}${inserted}${text.slice(at)}`, at, inserted };
}

/** The line and column (both from 0) of offset `at` in `text`. */
function position(text, at) {
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  return { line, column: at - (before.lastIndexOf('\n') + 1) };
}

const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/** Patches the bundle file `file` in place, and its source map (linked beside it, or inline). Returns whether it held the helper. */
export function toEsmOnceFile(file) {
  const original = readFileSync(file, 'utf8');
  const done = toEsmOnce(original);
  if (done === undefined) return false;
  const { line, column } = position(original, done.at);
  const inline = INLINE_MAP.exec(done.text);
  if (inline) {
    const map = JSON.parse(Buffer.from(inline[1], 'base64').toString('utf8'));
    map.mappings = shiftMappings(map.mappings, line, column, done.inserted.length);
    const encoded = Buffer.from(JSON.stringify(map)).toString('base64');
    writeFileSync(
      file,
      done.text.replace(INLINE_MAP, `\n//# sourceMappingURL=data:application/json;base64,${encoded}\n`),
    );
    return true;
  }
  writeFileSync(file, done.text);
  const linked = /\n\/\/# sourceMappingURL=([^\s]+\.map)\s*$/.exec(done.text);
  if (linked) {
    const mapFile = resolve(dirname(file), linked[1]);
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    map.mappings = shiftMappings(map.mappings, line, column, done.inserted.length);
    writeFileSync(mapFile, JSON.stringify(map));
  }
  return true;
}

export const toEsmOncePlugin = {
  name: 'to-esm-once',
  setup(build) {
    // AEP_ABLATE=to-esm-once: esbuild's helper as it is (ablate.mjs).
    if (ablated('to-esm-once')) return;
    build.initialOptions.metafile = true;
    build.onEnd((result) => {
      if (result.errors.length > 0 || !result.metafile) return undefined;
      const outputs = Object.keys(result.metafile.outputs).filter((name) => /\.[cm]?js$/.test(name));
      const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
      for (const output of outputs) toEsmOnceFile(resolve(cwd, output));
      return undefined;
    });
  },
};
