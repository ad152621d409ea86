// Loopback fronts for the demo relay, for the secrets and TLS tests: a tap
// that records every byte the console sends (to see where the token went),
// and a TLS terminator with a test CA made by the openssl CLI at test time
// (openssl is on every machine of this kind: Debian's ca-certificates
// depends on it).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';

export interface Front {
  port: number;
  close(): Promise<void>;
}

export interface Tap extends Front {
  /** What each connection sent towards the relay, as text. */
  sent(): string[];
}

function pipeBoth(client: Socket, upstreamPort: number, record?: (data: Buffer) => void): void {
  const upstream = connect(upstreamPort, '127.0.0.1');
  client.on('data', (data: Buffer) => {
    record?.(data);
    upstream.write(data);
  });
  upstream.pipe(client);
  const end = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
}

async function listen(server: Server): Promise<Front> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startTap(upstreamPort: number): Promise<Tap> {
  const sent: Buffer[][] = [];
  const server = createServer((client) => {
    const chunks: Buffer[] = [];
    sent.push(chunks);
    pipeBoth(client, upstreamPort, (data) => chunks.push(data));
  });
  const front = await listen(server);
  return { ...front, sent: () => sent.map((chunks) => Buffer.concat(chunks).toString('latin1')) };
}

export interface TestCa {
  caFile: string;
  key: string;
  cert: string;
}

/** A throw-away CA and a server certificate for 127.0.0.1 and localhost, valid two days. */
export function makeTestCa(dir: string): TestCa {
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=aep-console test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(
    at('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '2',
    '-extfile',
    at('server.ext'),
  );
  return {
    caFile: at('ca.pem'),
    key: readFileSync(at('server.key'), 'utf8'),
    cert: readFileSync(at('server.pem'), 'utf8'),
  };
}

/** TLS on the outside, the plain relay inside: wss://127.0.0.1:port reaches the demo relay. */
export async function startTlsFront(upstreamPort: number, ca: TestCa): Promise<Front> {
  const server = createTlsServer({ key: ca.key, cert: ca.cert }, (client) => pipeBoth(client, upstreamPort));
  // A client that refuses the certificate ends the handshake: not an error here.
  server.on('tlsClientError', () => {});
  return listen(server as unknown as Server);
}
