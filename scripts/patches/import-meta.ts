// `import.meta` in the CommonJS bundle (build-options.mjs SCRIPT_OPTIONS):
// the sources and their packages read only its url, for the files beside
// them (the console's package.json, meow's, Ink's); the bundle file's own
// url stands for each, as the ES module bundle's did. Made when first read:
// nothing before the first frame reads it, and making it took ~0.3 ms.
import { pathToFileURL } from 'node:url';

let url: string | undefined;

export const aepImportMeta = {
  get url(): string {
    return (url ??= pathToFileURL(__filename).href);
  },
};
