// `node --import tsx --import ./test/support/self-import.mjs file.mjs`: see self-import-hooks.mjs.
// In the loading thread (module.registerHooks) where Node has it: Node 26
// warns on stderr that module.register is deprecated (DEP0205), and the
// examples' runs want stderr empty. Node 20 has only module.register, which
// runs the same hook on a thread of its own.
import module from 'node:module';
import { resolve } from './self-import-hooks.mjs';

if (typeof module.registerHooks === 'function') module.registerHooks({ resolve });
else module.register('./self-import-hooks.mjs', import.meta.url);
