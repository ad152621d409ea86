// One shape for the bundle's source patches (esbuild plugins): each names
// the files it patches, and the build fails unless every one of them was
// loaded and patched. A patch whose anchor text is missing throws (the
// build fails with its message); a file that never came through (renamed,
// moved, another major installed) fails the build at its end. Nothing is
// skipped silently: the bundle is either as patched as its tests say, or
// not built at all.
//
// A patch edits the package's own text as little as it can: it hooks in a
// call or swaps a binding, and the code it brings lives in a TypeScript
// module of its own under scripts/patches/ (type-checked and linted like the
// rest), imported by the patched file (patchModule). Such a module's own
// imports of packages resolve from the folder of the file that imports it,
// as that file's would: the copy it uses is the patched package's own.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ablated } from './ablate.mjs';

const PATCHES = fileURLToPath(new URL('patches/', import.meta.url));
const IN_PATCHES = new RegExp(`^${PATCHES.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The import specifier, in a patched file's text, of the module scripts/patches/NAME.ts. */
export function patchModule(name) {
  return JSON.stringify(`${PATCHES}${name}.ts`);
}

/**
 * Replaces `anchor`, which must occur in `source` exactly `count` times
 * (once unless told), by `replacement(anchor)`; throws `message` otherwise.
 */
export function replaceAnchor(source, anchor, replacement, message, count = 1) {
  const found = source.split(anchor).length - 1;
  if (found !== count) throw new Error(message);
  return source.split(anchor).join(replacement(anchor));
}

/**
 * @param {string} name
 * @param {Array<{ file: string, filter: RegExp, patch: (source: string) => string, owns?: (path: string) => boolean }>} patches
 *   `owns` picks, among the files the filter matches, the copies this patch is for (others load as they are).
 *   Several patches of one file apply in their order.
 *   `ablation` names the patch for AEP_ABLATE (ablate.mjs; the plugin's name unless told): one it names is left out.
 */
export function patchingPlugin(name, patches) {
  const files = new Map();
  for (const entry of patches) {
    if (ablated(entry.ablation ?? name)) continue;
    files.set(entry.file, [...(files.get(entry.file) ?? []), entry]);
  }
  return {
    name,
    setup(build) {
      const applied = new Set();
      /** Each patch module this build loaded: the folder its importer resolves packages from. */
      const importers = new Map();
      build.onStart(() => {
        applied.clear();
        importers.clear();
      });
      build.onResolve({ filter: IN_PATCHES }, (args) => {
        if (!importers.has(args.path)) importers.set(args.path, args.resolveDir);
        return undefined;
      });
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        const from = importers.get(args.importer);
        if (from === undefined) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: from });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return {
          path: resolved.path,
          external: resolved.external,
          namespace: resolved.namespace,
          sideEffects: resolved.sideEffects,
        };
      });
      for (const [file, entries] of files) {
        const { filter, owns } = entries[0];
        build.onLoad({ filter }, async (args) => {
          if (owns && !owns(args.path)) return undefined;
          const source = await readFile(args.path, 'utf8');
          const contents = entries.reduce((text, entry) => entry.patch(text), source);
          applied.add(file);
          return { contents, loader: 'js', resolveDir: dirname(args.path) };
        });
      }
      build.onEnd(() => {
        const missing = [...files.keys()].filter((file) => !applied.has(file));
        if (missing.length === 0) return undefined;
        return {
          errors: [
            {
              text: `${name}: ${missing.join(', ')} never loaded: the patch was not applied (did the package change?)`,
            },
          ],
        };
      });
    },
  };
}
