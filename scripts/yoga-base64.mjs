// esbuild plugin for the shipped bundle: yoga-layout (Ink's layout engine)
// carries its WebAssembly as a base64 data URL and, where there is no fetch
// (the shipped bundle never fetches: start-without-await.mjs makes it from
// the bytes at once, through the same decoding), decodes it with atob() and
// then copies the decoded string into bytes one character at a time in
// plain JavaScript: about 70,000 turns of a loop V8 has not compiled yet,
// several milliseconds before the first frame. Buffer decodes the same
// base64 natively into the same bytes (test/build/yoga-base64.test.ts).
// One expression swapped: no module of its own needed.
import { patchingPlugin, replaceAnchor } from './patching.mjs';
import { patchYogaIndex, patchYogaInstantiation } from './start-without-await.mjs';

const BY_CHARACTER =
  'var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c';
const NATIVE = 'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))';

export function patchYogaBase64(source) {
  return replaceAnchor(
    source,
    BY_CHARACTER,
    () => NATIVE,
    "yoga-layout changed: its WebAssembly's base64 decoding no longer matches",
  );
}

// Its folder (from import.meta.url) is where it would look for a WebAssembly
// file; a data URL is not looked for, so the bundle's url (made with
// pathToFileURL, patches/import-meta.ts) need not be made for it.
const SCRIPT_DIR = '  var _scriptDir = import.meta.url;';

export function patchYogaScriptDir(source) {
  return replaceAnchor(
    source,
    SCRIPT_DIR,
    () => "  var _scriptDir = '';",
    "yoga-layout changed: its script's folder is read again",
  );
}

const BINARY = {
  file: 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js',
  filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
};

/** The decoding alone (its own test, and bundles that may await). */
export const yogaBase64 = patchingPlugin('yoga-base64', [{ ...BINARY, patch: patchYogaBase64 }]);

/**
 * What the shipped bundle carries: the decoding, its folder unread, and Yoga
 * made at once, without an await (start-without-await.mjs), which all patch
 * the same file.
 */
export const yogaAtOnce = patchingPlugin('yoga-at-once', [
  { ...BINARY, patch: patchYogaBase64, ablation: 'yoga-base64' },
  { ...BINARY, patch: patchYogaScriptDir, ablation: 'yoga-script-dir' },
  { ...BINARY, patch: patchYogaInstantiation, ablation: 'yoga-instantiation' },
  {
    file: 'yoga-layout/dist/src/index.js',
    filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/,
    patch: patchYogaIndex,
    ablation: 'yoga-instantiation',
  },
]);
