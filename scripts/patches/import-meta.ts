// `import.meta` in the CommonJS bundle (build-options.mjs SCRIPT_OPTIONS):
// the sources and their packages read only its url, for the files beside
// them (the console's package.json, meow's, Ink's); the bundle file's own
// url stands for each, as the ES module bundle's did.
import { pathToFileURL } from 'node:url';

export const aepImportMeta = { url: pathToFileURL(__filename).href };
