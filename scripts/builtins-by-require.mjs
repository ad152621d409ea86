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
import { builtinModules } from 'node:module';

const NAMESPACE = 'aep-builtin';
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const BUILTIN = new RegExp(`^(?:node:)?(?:${builtinModules.map(escape).join('|')})$`);

export const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    build.onResolve({ filter: BUILTIN }, (args) => {
      if (args.kind !== 'import-statement') return undefined;
      return { path: args.path.startsWith('node:') ? args.path : `node:${args.path}`, namespace: NAMESPACE };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};
