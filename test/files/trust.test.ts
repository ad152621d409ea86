// The one trusted read (files/read.ts) and the rules file through it: every
// trust case with real files in a temp directory. Cases that need another
// owner run only as root (chown); the others everywhere.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, lchownSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readConfigFile } from '../../src/files/read.js';
import { parseArgs } from '../../src/cli/args.js';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const RULES = JSON.stringify({
  rules: [{ name: 'tests ok', match: { agent: 'codex', command_prefix: 'npm test' }, decide: { option: 'allow' } }],
});

function fresh(): string {
  return mkdtempSync(join(tmpdir(), 'aep-console-trust-'));
}

/** A rules file made by `prepare` in a fresh directory; its path. */
function rulesFile(prepare: (dir: string, path: string) => void): string {
  const dir = fresh();
  const path = join(dir, 'rules.json');
  prepare(dir, path);
  return path;
}

const own = (mode: number) => (_dir: string, path: string) => {
  writeFileSync(path, RULES);
  chmodSync(path, mode);
};

const cases: Array<{
  title: string;
  prepare: (dir: string, path: string) => void;
  trusted: boolean;
  why?: RegExp;
  root?: boolean;
}> = [
  { title: "the user's own, 0600", prepare: own(0o600), trusted: true },
  { title: "the user's own, 0644", prepare: own(0o644), trusted: true },
  {
    title: '0666 (writable by everyone)',
    prepare: own(0o666),
    trusted: false,
    why: /writable by group and others \(mode 0666\)/,
  },
  { title: '0664 (group-writable)', prepare: own(0o664), trusted: false, why: /writable by group \(mode 0664\)/ },
  {
    title: 'a FIFO',
    prepare: (_dir, path) => execFileSync('mkfifo', [path]),
    trusted: false,
    why: /a FIFO, not a regular file/,
  },
  {
    title: 'a directory',
    prepare: (_dir, path) => mkdirSync(path),
    trusted: false,
    why: /a directory, not a regular file/,
  },
  {
    title: "a symlink of the user's own to a file of the user's own (dotfiles)",
    prepare: (dir, path) => {
      writeFileSync(join(dir, 'dotfiles-rules.json'), RULES, { mode: 0o600 });
      symlinkSync(join(dir, 'dotfiles-rules.json'), path);
    },
    trusted: true,
  },
  {
    title: 'a symlink to a 0666 file',
    prepare: (dir, path) => {
      own(0o666)(dir, join(dir, 'target.json'));
      symlinkSync(join(dir, 'target.json'), path);
    },
    trusted: false,
    why: /a symlink whose target is writable by group and others/,
  },
  {
    title: 'a symlink to a FIFO',
    prepare: (dir, path) => {
      execFileSync('mkfifo', [join(dir, 'fifo')]);
      symlinkSync(join(dir, 'fifo'), path);
    },
    trusted: false,
    why: /a symlink whose target is a FIFO/,
  },
  {
    title: 'owned by another user (uid 65534), 0666',
    prepare: (dir, path) => {
      own(0o666)(dir, path);
      chownSync(path, 65534, 65534);
    },
    trusted: false,
    why: /owned by uid 65534/,
    root: true,
  },
  {
    title: 'owned by another user (uid 65534), 0644',
    prepare: (dir, path) => {
      own(0o644)(dir, path);
      chownSync(path, 65534, 65534);
    },
    trusted: false,
    why: /owned by uid 65534, not by you \(uid 0\) or root/,
    root: true,
  },
  {
    title: 'a symlink to a foreign target (uid 65534)',
    prepare: (dir, path) => {
      own(0o644)(dir, join(dir, 'theirs.json'));
      chownSync(join(dir, 'theirs.json'), 65534, 65534);
      symlinkSync(join(dir, 'theirs.json'), path);
    },
    trusted: false,
    why: /a symlink whose target is owned by uid 65534/,
    root: true,
  },
  {
    title: "a symlink owned by another user, to a file of the user's own",
    prepare: (dir, path) => {
      own(0o600)(dir, join(dir, 'mine.json'));
      symlinkSync(join(dir, 'mine.json'), path);
      lchownSync(path, 65534, 65534);
    },
    trusted: false,
    why: /a symlink owned by uid 65534/,
    root: true,
  },
];

describe('the rules file is read only when trusted', () => {
  for (const c of cases) {
    it(c.title, { skip: c.root && !isRoot && 'needs root to chown' }, () => {
      const path = rulesFile(c.prepare);
      const read = readConfigFile(path, 1024 * 1024);
      assert.equal(read.ok, c.trusted, read.ok ? 'read' : read.why);
      if (!read.ok && c.why) assert.match(read.why, c.why);
      // The command line: one line, exit 2 with --auto; without it the console runs and says the rules are not used.
      const auto = parseArgs(['--rules', path, '--auto'], { HOME: '/nonexistent' });
      const suggest = parseArgs(['--rules', path], { HOME: '/nonexistent' });
      if (c.trusted) {
        assert.ok(auto.kind === 'run' && auto.options.rules?.length === 1);
        assert.ok(suggest.kind === 'run' && suggest.options.rulesNote === undefined);
        return;
      }
      assert.ok(auto.kind === 'usage-error', 'refused with --auto');
      assert.ok(!auto.message.includes('\n'), 'one line');
      assert.match(auto.message, c.why!);
      assert.ok(suggest.kind === 'run' && suggest.options.rules?.length === 0, 'no rules used');
      assert.match(suggest.options.rulesNote ?? '', /^rules not used: rules file .* is /);
    });
  }

  it('a root-owned read-only target (home-manager) is trusted', { skip: !isRoot && 'needs root to chown' }, () => {
    const path = rulesFile((dir, p) => {
      writeFileSync(join(dir, 'store-rules.json'), RULES);
      chmodSync(join(dir, 'store-rules.json'), 0o444);
      chownSync(join(dir, 'store-rules.json'), 0, 0);
      symlinkSync(join(dir, 'store-rules.json'), p);
    });
    assert.equal(readConfigFile(path, 1024 * 1024).ok, true);
  });

  it('rules test refuses an untrusted file (exit 2)', () => {
    const path = rulesFile(own(0o666));
    const parsed = parseArgs(['rules', 'test', '--rules', path, '--relay', 'http://127.0.0.1:1'], {
      HOME: '/nonexistent',
    });
    assert.equal(parsed.kind, 'usage-error');
    assert.match(parsed.kind === 'usage-error' ? parsed.message : '', /writable by group and others/);
  });
});
