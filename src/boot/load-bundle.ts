// The bin's loader of the shipped bundle (dist/cli.cjs, one CommonJS
// module, written as the function Node's require() would wrap it in:
// scripts/bundle-wrap.mjs): it compiles the bundle through vm.Script, which
// accepts V8's code cache of it (code-cache.ts) and can make a new one, and
// calls the function as require() would. Built on its own into
// dist/boot.cjs, so that it is compiled as any small module is before there
// is a cache to read.

import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { checkDir } from '../files/trust.js';
import { cacheDir, readCache, writeCache } from './code-cache.js';

/** How the bundle begins (scripts/bundle-wrap.mjs writes it; the tests hold the two to be the same). */
const WRAPPED_HEAD = '(function (exports, require, module, __filename, __dirname) {\n';

/** How the bundle was compiled: from the cache, or without one (none yet, or V8 refused it). */
export type CacheUse = 'used' | 'none' | 'refused' | 'off';

export interface LoadedBundle<T> {
  exports: T;
  cache: CacheUse;
  /**
   * Makes and writes a new cache when this run had none it could use, with
   * the functions compiled so far (call it once the first frame is drawn,
   * before any V8 flag is set: data made under other flags is refused).
   * Resolves whether one was written.
   */
  keepCache: () => Promise<boolean>;
}

type ModuleFunction = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** Loads the CommonJS bundle `file`, with the code cache found through `env` (none when `env` names none). */
export function loadBundle<T>(file: string, env: NodeJS.ProcessEnv): LoadedBundle<T> {
  const source = readFileSync(file);
  // AEP_CODE_CACHE=off: no cache read or written (a start measured without one).
  const dir = env.AEP_CODE_CACHE === 'off' ? undefined : cacheDir(env);
  const cachedData = dir === undefined ? undefined : readCache(dir, source);
  // The bundle is ASCII (esbuild escapes the rest, and scripts/bundle.mjs
  // checks it): read as Latin-1 it is the same text, made in half the time
  // UTF-8's decoding takes (and, being that long, kept outside the heap).
  // Any other is decoded as UTF-8.
  const text = isAscii(source) ? source.toString('latin1') : source.toString('utf8');
  // Anything else would run its top level in this context, its own names global.
  if (!text.startsWith(WRAPPED_HEAD)) throw new Error(`${file} is not a wrapped bundle (npm run build makes one)`);
  const script = new Script(text, { filename: file, cachedData });
  const cache: CacheUse =
    dir === undefined ? 'off' : cachedData === undefined ? 'none' : script.cachedDataRejected ? 'refused' : 'used';
  const run = script.runInThisContext() as ModuleFunction;
  const module = { exports: {} as unknown };
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  let kept = false;
  return {
    exports: module.exports as T,
    cache,
    keepCache: () => {
      if (dir === undefined || cache === 'used' || kept) return Promise.resolve(false);
      kept = true;
      // Made only where it can be kept (the data holds the event loop about 10 ms).
      if (checkDir(dir, true) !== undefined) return Promise.resolve(false);
      let data: Buffer;
      try {
        data = script.createCachedData();
      } catch {
        // (V8 out of memory for it, say): the console runs on, without a cache for the next start.
        return Promise.resolve(false);
      }
      return writeCache(dir, source, data);
    },
  };
}
