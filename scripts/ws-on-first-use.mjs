// esbuild plugin for the shipped bundle: ws, the console's WebSocket client,
// loaded when the first relay connects, not as the bundle loads. Its modules
// require Node's HTTP, HTTPS, TLS, net, crypto and zlib as they load (about
// 5 ms), and the console connects only once its first frame is drawn. The
// console's one use of ws outside the demo (src/relay/socket.ts: `new
// WebSocket(url, options)`, `WebSocket.OPEN`) is given a stand-in that loads
// ws on first use and is then ws's own class: constructing it constructs
// ws's WebSocket, reading a property of it reads ws's
// (test/build/first-use.test.ts; test/build/one-build.test.ts checks the
// command line the tests run carries it).
const SOCKET = /[\\/]src[\\/]relay[\\/]socket\.ts$/;
const NAMESPACE = 'aep-ws-on-first-use';

export const wsOnFirstUse = {
  name: 'ws-on-first-use',
  setup(build) {
    build.onResolve({ filter: /^ws$/ }, (args) =>
      args.kind === 'import-statement' && SOCKET.test(args.importer)
        ? { path: 'ws', namespace: NAMESPACE, pluginData: { resolveDir: args.resolveDir } }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: [
        'let loaded;',
        "const load = () => (loaded ??= require('ws'));",
        'module.exports = new Proxy(function WebSocket() {}, {',
        '  construct: (_target, args) => Reflect.construct(load(), args),',
        // (esbuild's interop asks for __esModule as it imports: ws sets none.)
        "  get: (_target, name) => (name === '__esModule' ? undefined : load()[name]),",
        '});',
      ].join('\n'),
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
  },
};
