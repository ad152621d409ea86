// Patches that let the shipped bundle load as one script (a CommonJS
// module), which is what V8 can keep a code cache for on Node 20
// (src/boot/load-bundle.ts): an ES module cannot have one before Node 22.
// A script cannot await at its top level, and two of the bundle's modules
// did, three times, each for something it could have done at once:
// - yoga-layout instantiated its WebAssembly asynchronously, from bytes it
//   already held; WebAssembly.Module and Instance make the same instance
//   synchronously (Node allows it for a module of any size);
// - Ink's reconciler awaited its devtools and its package.json, both only
//   when DEV=true (React's devtools, never part of the console).
import { replaceAnchor } from './patching.mjs';

/** Yoga's instantiation: streaming where fetch exists, else from the bytes, either way a promise. */
const YOGA_ASYNC =
  '(function(){return w||"function"!=typeof WebAssembly.instantiateStreaming||ua(H)||"function"!=typeof fetch?c(b):fetch(H,{credentials:"same-origin"}).then(function(e){return WebAssembly.instantiateStreaming(e,d).then(b,function(f){v("wasm streaming compile failed: "+f);v("falling back to ArrayBuffer instantiation");return c(b)})})})().catch(ca);';
/** The same instance from the same bytes (wa() decodes the data URL; b() receives an instantiation's result). */
const YOGA_SYNC = 'b({instance:new WebAssembly.Instance(new WebAssembly.Module(wa()),d)});';

export function patchYogaInstantiation(source) {
  const changed = "yoga-layout changed: its WebAssembly's instantiation no longer matches";
  replaceAnchor(source, 'function wa(){', (same) => same, changed);
  return replaceAnchor(source, YOGA_ASYNC, () => YOGA_SYNC, changed);
}

/**
 * The loader, given a module object, fills it in before it returns (the
 * instance above is made at once, and with it the runtime starts); its
 * promise would only resolve to that same object.
 */
export function patchYogaIndex(source) {
  return replaceAnchor(
    source,
    'const Yoga = wrapAssembly(await loadYoga());',
    () => 'const aepYogaModule = {};\nloadYoga(aepYogaModule);\nconst Yoga = wrapAssembly(aepYogaModule);',
    'yoga-layout changed: its entry no longer awaits the loader as expected',
  );
}

const DEVTOOLS = "        await import('./devtools.js');";
const PACKAGE_JSON = '    ? await loadPackageJson()';

/**
 * With DEV=true Ink says, as before, that React's devtools are not
 * installed (the console's bundle leaves react-devtools-core out, so
 * loading them always failed), without loading its devtools module (which
 * would set browser globals first), and names itself without reading its
 * package.json.
 */
export function patchReconcilerAwaits(source) {
  const changed = "Ink's reconciler changed: its top-level awaits are no longer the expected two";
  const devtools = replaceAnchor(
    source,
    DEVTOOLS,
    () =>
      "        throw Object.assign(new Error('react-devtools-core is not in the bundle'), { code: 'ERR_MODULE_NOT_FOUND' });",
    changed,
  );
  return replaceAnchor(devtools, PACKAGE_JSON, () => "    ? { name: 'ink', version: undefined }", changed);
}
