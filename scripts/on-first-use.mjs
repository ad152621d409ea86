// esbuild plugin for the shipped bundle: a package the console imports at
// its top level is loaded on first use instead, through a stand-in, as the
// first frame does not use it (test/build/first-use.test.ts runs the
// stand-in and asks what it loaded; test/build/one-build.test.ts checks the
// command line the tests run carries it).
//
// - ws, the relay socket's WebSocket (src/relay/socket.ts: `new
//   WebSocket(url, options)`, `WebSocket.OPEN`). Its modules require Node's
//   HTTP, HTTPS, TLS, net, crypto and zlib as they load, and the console
//   connects only once its first frame is drawn. The stand-in loads ws on
//   first use and is then ws's own class: constructing it constructs ws's
//   WebSocket, reading a property of it reads ws's.
// (meow had one too while a parser of our own read the plainest command
// lines without it; meow now reads every command line before the first
// frame, so it loads as it is imported.)
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
};

export const onFirstUse = {
  name: 'on-first-use',
  setup(build) {
    // AEP_ABLATE=on-first-use-ws: ws loaded as it is imported (ablate.mjs).
    const standIns = Object.keys(STAND_INS).filter((name) => !ablated(`on-first-use-${name}`));
    build.onResolve({ filter: /^ws$/ }, (args) =>
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
