import { X509Certificate } from 'node:crypto';
import { readRegularFile } from '../files/regular-file.js';
import { printable, UsageError } from './usage-error.js';

/** A CA bundle: the whole Mozilla set is about 250 KB. */
const CA_FILE_MAX_BYTES = 4 * 1024 * 1024;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * --ca FILE: PEM certificates to trust besides Node's roots. Giving a `ca`
 * to TLS replaces the default list, so NODE_EXTRA_CA_CERTS (which Node would
 * otherwise have added) is carried along by hand.
 */
export function readCa(file: string, env: NodeJS.ProcessEnv): string[] {
  // /dev/zero once aborted the process (std::bad_alloc), a FIFO hung it: a regular file of a sane size only.
  const read = readRegularFile(file, CA_FILE_MAX_BYTES);
  if (!read.ok) throw new UsageError(`--ca ${printable(file)} ${read.reason}`);
  const blocks = read.text.match(PEM_CERTIFICATE) ?? [];
  if (!blocks.length)
    throw new UsageError(`--ca ${printable(file)} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      throw new UsageError(`--ca ${printable(file)} holds a certificate that does not parse`);
    }
  }
  let extra: string[] = [];
  if (env.NODE_EXTRA_CA_CERTS) {
    // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS: skip it likewise.
    const read = readRegularFile(env.NODE_EXTRA_CA_CERTS, CA_FILE_MAX_BYTES);
    if (read.ok) extra = read.text.match(PEM_CERTIFICATE) ?? [];
  }
  return [...extra, ...blocks];
}
