// `node --import tsx --import ./test/support/self-import.mjs file.mjs`: see self-import-hooks.mjs.
import { register } from 'node:module';

register('./self-import-hooks.mjs', import.meta.url);
