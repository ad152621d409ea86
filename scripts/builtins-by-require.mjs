// esbuild plugin for every bundle of the console: Node's built-in modules,
// where the sources (and the ESM packages bundled with them) import them,
// are loaded with require() instead of an ESM import. An ESM import of a
// built-in makes Node build a module facade of it, which reads every one of
// its exports when it loads: `node:tls` then builds its list of root
// certificates, `node:crypto` loads webcrypto, `node:util` its argument
// parser, `node:process` touches every property of the process, all before
// the first frame and most never used. Through require() a named import is
// read where it is used, and only then (esbuild's CommonJS interop), so a
// built-in costs what the console takes from it. Dynamic import() is left as
// it is. `require` is CommonJS's own, or in an ES module bundle the banner's (build-options.mjs).
//
// The built-ins in LAZY are not loaded by Node's own start and cost
// together about 7 ms to load (crypto, http, https, tls, child_process,
// fs/promises…), yet the console's first frame uses none of them: the
// modules that import them are evaluated as the bundle loads, and each such
// import required its built-in there. For those the module the bundle sees
// is a stand-in whose exports are getters (their names read from the
// built-in at build time), and the built-in is required on the first read
// of any of them. Each export read through it is the built-in's own value;
// every one of these modules' functions works without `this` being the
// module, so a call through the stand-in (`http.request(…)`) is the same
// call. A name the running Node has and the building one had not is
// missing from the stand-in, as it would be on an older Node.
import { builtinModules, createRequire } from 'node:module';
import { ablated } from './ablate.mjs';

const require = createRequire(import.meta.url);
const NAMESPACE = 'aep-builtin';
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const BUILTIN = new RegExp(`^(?:node:)?(?:${builtinModules.map(escape).join('|')})$`);

/** Built-ins required on first use (see above). */
export const LAZY = new Set([
  'node:assert',
  'node:child_process',
  'node:crypto',
  'node:dns',
  'node:fs/promises',
  'node:http',
  'node:https',
  'node:net',
  'node:perf_hooks',
  'node:tls',
  'node:zlib',
]);

/** The module text the bundle holds for built-in `path` (node:…). */
export function builtinModuleText(path) {
  if (!LAZY.has(path)) return `module.exports = require(${JSON.stringify(path)});`;
  const builtin = require(path);
  const names = Object.getOwnPropertyNames(builtin).filter((name) => name !== '__esModule');
  const hidden = names.filter((name) => !Object.getOwnPropertyDescriptor(builtin, name).enumerable);
  return [
    'let loaded;',
    `const load = () => (loaded ??= require(${JSON.stringify(path)}));`,
    `const hidden = new Set(${JSON.stringify(hidden)});`,
    `for (const name of ${JSON.stringify(names)})`,
    '  Object.defineProperty(module.exports, name, { get: () => load()[name], enumerable: !hidden.has(name) });',
  ].join('\n');
}

export const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    // AEP_ABLATE=builtins-by-require: built-ins imported as esbuild imports them (ablate.mjs).
    if (ablated('builtins-by-require')) return;
    build.onResolve({ filter: BUILTIN }, (args) => {
      if (args.kind !== 'import-statement') return undefined;
      return { path: args.path.startsWith('node:') ? args.path : `node:${args.path}`, namespace: NAMESPACE };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: builtinModuleText(args.path),
      loader: 'js',
    }));
  },
};
