// One shape for the bundle's source patches (esbuild plugins): each names
// the files it patches, and the build fails unless every one of them was
// loaded and patched. A patch whose anchor text is missing throws (the
// build fails with its message); a file that never came through (renamed,
// moved, another major installed) fails the build at its end. Nothing is
// skipped silently: the bundle is either as patched as its tests say, or
// not built at all.
import { readFile } from 'node:fs/promises';

/**
 * @param {string} name
 * @param {Array<{ file: string, filter: RegExp, patch: (source: string) => string, owns?: (path: string) => boolean }>} patches
 *   `owns` picks, among the files the filter matches, the copies this patch is for (others load as they are).
 */
export function patchingPlugin(name, patches) {
  return {
    name,
    setup(build) {
      const applied = new Set();
      build.onStart(() => {
        applied.clear();
      });
      for (const { file, filter, patch, owns } of patches) {
        build.onLoad({ filter }, async (args) => {
          if (owns && !owns(args.path)) return undefined;
          const source = await readFile(args.path, 'utf8');
          const contents = patch(source);
          applied.add(file);
          return { contents, loader: 'js' };
        });
      }
      build.onEnd(() => {
        const missing = patches.filter(({ file }) => !applied.has(file)).map(({ file }) => file);
        if (missing.length === 0) return undefined;
        return { errors: [{ text: `${name}: ${missing.join(', ')} never loaded: the patch was not applied (did the package change?)` }] };
      });
    },
  };
}

/**
 * Source of a helper for patches whose caches key by a line of a larger
 * text: a line cut by split (or a key built from one) is, in V8, a view
 * into the whole text, which as a key it would keep alive, a whole frame
 * per line remembered. Joining forces a flat copy, and the slice then views
 * only that copy (test/build/retention.test.ts).
 */
export const OWN_COPY = 'function aepOwnCopy(text) {\n    return `${text} `.slice(0, -1);\n}\n';
