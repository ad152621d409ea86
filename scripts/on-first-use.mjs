// esbuild plugin for the shipped bundle: two packages the console imports at
// its top level are loaded on first use instead, through stand-ins, as the
// first frame uses neither (test/build/first-use.test.ts runs each stand-in
// and asks what it loaded; test/build/one-build.test.ts checks the command
// line the tests run carries them).
//
// - ws, the relay socket's WebSocket (src/relay/socket.ts: `new
//   WebSocket(url, options)`, `WebSocket.OPEN`). Its modules require Node's
//   HTTP, HTTPS, TLS, net, crypto and zlib as they load, and the console
//   connects only once its first frame is drawn. The stand-in loads ws on
//   first use and is then ws's own class: constructing it constructs ws's
//   WebSocket, reading a property of it reads ws's.
// - meow (src/cli/args.ts), which reads only the command lines
//   src/cli/simple-flags.ts leaves to it: its bundled dependencies, read back
//   and run as they load, cost more than anything else of the console's own
//   before the first frame. The stand-in is a function that loads meow and
//   calls it.
import { ablated } from './ablate.mjs';

const NAMESPACE = 'aep-on-first-use';

const STAND_INS = {
  ws: {
    importer: /[\\/]src[\\/]relay[\\/]socket\.ts$/,
    contents: [
      'let loaded;',
      "const load = () => (loaded ??= require('ws'));",
      'module.exports = new Proxy(function WebSocket() {}, {',
      '  construct: (_target, args) => Reflect.construct(load(), args),',
      // (esbuild's interop asks for __esModule as it imports: ws sets none.)
      "  get: (_target, name) => (name === '__esModule' ? undefined : load()[name]),",
      '});',
    ],
  },
  meow: {
    importer: /[\\/]src[\\/]cli[\\/]args\.ts$/,
    contents: ['let loaded;', "module.exports = (...args) => (loaded ??= require('meow').default)(...args);"],
  },
};

export const onFirstUse = {
  name: 'on-first-use',
  setup(build) {
    // AEP_ABLATE=on-first-use-ws / on-first-use-meow: that package loaded as it is imported (ablate.mjs).
    const standIns = Object.keys(STAND_INS).filter((name) => !ablated(`on-first-use-${name}`));
    build.onResolve({ filter: /^(ws|meow)$/ }, (args) =>
      args.kind === 'import-statement' &&
      standIns.includes(args.path) &&
      STAND_INS[args.path].importer.test(args.importer)
        ? { path: args.path, namespace: NAMESPACE, pluginData: { resolveDir: args.resolveDir } }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: STAND_INS[args.path].contents.join('\n'),
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
  },
};
