// The 'mixed' demo script: a realistic, gently paced stream of attention
// requests (permission prompts, questions, forms, an informational card, one
// that times out, one at capture `metadata`). Capped so the inbox never floods.

import type { RaiseRequest, ScriptTiming } from './agent-types.js';

export type { ScriptTiming } from './agent-types.js';

export const DEFAULT_TIMING: ScriptTiming = {
  initialBurst: 3,
  minGapMs: 8_000,
  maxGapMs: 20_000,
  maxPending: 6,
  shortExpiryMs: 45_000,
  oobResolveMs: 20_000,
};

const ALLOW_DENY = [
  { id: 'allow', label: 'Allow' },
  { id: 'deny', label: 'Deny' },
];

const bash = (cmd: string, extra: Partial<RaiseRequest> = {}): RaiseRequest => ({
  kind: 'permission',
  subject: 'Bash',
  prompt: `Permission requested: Bash — ${cmd}`,
  options: ALLOW_DENY,
  args: { command: cmd },
  ...extra,
});

const EDIT_OPTIONS = [
  { id: 'allow', label: 'Yes' },
  { id: 'session', label: "Yes, and don't ask again this session" },
  { id: 'deny', label: 'No, tell the agent what to do differently' },
];

type Factory = (t: ScriptTiming) => RaiseRequest;

/** The catalog, by name so each agent can open with its own flavour. */
export const CATALOG: Record<string, Factory> = {
  rmBuild: () => bash('rm -rf build/', { severity: 'warning' }),
  forcePush: () => bash('git push --force origin main', { severity: 'warning', expiresInMs: 10 * 60_000 }),
  npmPublish: () => bash('npm publish --access public'),
  // Edits carry the arguments each tool really sends, so the detail shows their diff.
  editConfig: () => ({
    kind: 'permission',
    subject: 'Edit',
    prompt: 'Permission requested: Edit — src/server/config.ts',
    args: {
      file_path: 'src/server/config.ts',
      old_string: ['export const config = {', '  port: 8080,', "  host: 'localhost',", '  timeoutMs: 5000,', '};'].join(
        '\n',
      ),
      new_string: [
        'export const config = {',
        '  port: Number(process.env.PORT ?? 8080),',
        "  host: process.env.HOST ?? '127.0.0.1',",
        '  timeoutMs: 5000,',
        '  retries: 3,',
        '};',
      ].join('\n'),
      replace_all: false,
    },
    options: EDIT_OPTIONS,
  }),
  writeReadme: () => ({
    kind: 'permission',
    subject: 'Write',
    prompt: 'Permission requested: Write — docs/deploy.md',
    args: {
      file_path: 'docs/deploy.md',
      content: [
        '# Deploying the service',
        '',
        '1. Build: `npm run build`',
        '2. Set `PORT` and `HOST` (defaults: 8080, 127.0.0.1)',
        '3. Start: `node dist/server.js`',
        '',
        'Rollback: redeploy the previous tag.',
        '',
      ].join('\n'),
    },
    options: EDIT_OPTIONS,
  }),
  codexPatch: () => ({
    kind: 'permission',
    subject: 'apply_patch',
    prompt: 'codex wants to apply a patch to src/retry.ts and src/index.ts',
    args: {
      input: [
        '*** Begin Patch',
        '*** Update File: src/retry.ts',
        '@@ export async function retry(fn, times) {',
        '-  for (let i = 0; i < times; i++) {',
        '+  for (let i = 0; i <= times; i++) {',
        '     try {',
        '       return await fn();',
        '-    } catch {}',
        '+    } catch (error) {',
        '+      if (i === times) throw error;',
        '+    }',
        '*** Update File: src/index.ts',
        '@@',
        "-import { retry } from './retry';",
        "+import { retry } from './retry.js';",
        '*** End Patch',
        '',
      ].join('\n'),
    },
    options: [
      { id: 'approved', label: 'Yes' },
      { id: 'approved_for_session', label: 'Yes, always for this session' },
      { id: 'denied', label: 'No' },
      { id: 'abort', label: 'No, and stop' },
    ],
  }),
  testRunner: () => ({
    kind: 'input',
    prompt: 'Which test runner should I use for the new package?',
    options: [
      { id: 'vitest', label: 'Vitest' },
      { id: 'jest', label: 'Jest' },
      { id: 'node-test', label: 'node:test (built in)' },
    ],
  }),
  askUserQuestion: () => ({
    kind: 'form',
    subject: 'AskUserQuestion',
    prompt: 'A few questions before I scaffold the service',
    fields: [
      {
        id: 'db',
        type: 'select',
        label: 'Database: Which database should the new service use?',
        required: true,
        other: true,
        choices: [
          { id: '1', label: 'PostgreSQL' },
          { id: '2', label: 'SQLite' },
          { id: '3', label: 'MySQL' },
        ],
      },
      {
        id: 'features',
        type: 'select',
        label: 'Features: Which features should I enable?',
        multi: true,
        choices: [
          { id: '1', label: 'Authentication' },
          { id: '2', label: 'Structured logging' },
          { id: '3', label: 'Prometheus metrics' },
          { id: '4', label: 'Rate limiting' },
        ],
      },
    ],
  }),
  deployForm: () => ({
    kind: 'form',
    prompt: 'Configure the new service deployment',
    severity: 'notice',
    fields: [
      { id: 'name', type: 'string', label: 'Service name', required: true },
      { id: 'replicas', type: 'number', label: 'Replica count', required: true, min: 1, max: 10 },
      { id: 'staged', type: 'boolean', label: 'Deploy to staging first?' },
      {
        id: 'region',
        type: 'select',
        label: 'Region',
        required: true,
        choices: [
          { id: 'us-east', label: 'us-east-1' },
          { id: 'eu-west', label: 'eu-west-1' },
          { id: 'ap-south', label: 'ap-south-1' },
        ],
      },
    ],
  }),
  observedApproval: (t) => ({
    kind: 'permission',
    subject: 'run_shell_command',
    prompt: "Allow execution of 'make test'? (asked in the agent's own terminal)",
    args: { command: 'make test' },
    options: [
      { id: 'proceed_once', label: 'Allow once' },
      { id: 'proceed_always', label: 'Allow always' },
      { id: 'cancel', label: 'No (esc)' },
    ],
    respondVia: ['oob'],
    resolveAfterMs: t.oobResolveMs,
  }),
  shortExpiry: (t) => bash('docker system prune -af --volumes', { severity: 'warning', expiresInMs: t.shortExpiryMs }),
  metadataOnly: () =>
    bash('curl -fsSL https://example.com/install.sh | sh', { capture: 'metadata', severity: 'warning' }),
  reviewPlan: () => ({
    kind: 'review',
    prompt:
      'Review the migration plan before I apply it: 3 tables altered, 1 index dropped, backfill runs in batches of 5k rows.',
    options: [
      { id: 'approve', label: 'Approve' },
      { id: 'changes', label: 'Request changes' },
    ],
  }),
  ghAuth: () => ({
    kind: 'auth',
    prompt: 'GitHub CLI is not authenticated. Run `gh auth login` and tell me when done.',
    options: [
      { id: 'done', label: 'Done' },
      { id: 'skip', label: 'Skip GitHub steps' },
    ],
  }),
};

const OPENERS: Record<string, string[]> = {
  'claude-code': ['editConfig', 'askUserQuestion', 'writeReadme'],
  codex: ['codexPatch', 'metadataOnly', 'shortExpiry'],
  'gemini-cli': ['observedApproval', 'testRunner', 'npmPublish'],
};

export interface ScriptHost {
  name: string;
  raise(r: RaiseRequest): string;
  pendingCount(): number;
  rng: () => number;
  timing?: Partial<ScriptTiming>;
}

const ordinal = (n: number): string =>
  n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');

/** Starts the script; returns its stop function. */
export function startScript(host: ScriptHost): () => void {
  const t: ScriptTiming = { ...DEFAULT_TIMING, ...host.timing };
  const names = Object.keys(CATALOG);
  const openers = OPENERS[host.name] ?? [];
  // Drawn from a shuffled deck, so that one agent does not raise the same
  // request twice in a row of the catalog; once the deck is dealt again the
  // prompt says which time it is asked (no two open rows of an agent alike).
  const asked = new Map<string, number>();
  let deck: string[] = [];
  const pick = (): string => {
    if (deck.length === 0) {
      deck = [...names];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(host.rng() * (i + 1)) % (i + 1);
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
    }
    return deck.pop()!;
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const raiseNamed = (n: string): void => {
    const times = (asked.get(n) ?? 0) + 1;
    asked.set(n, times);
    const request = CATALOG[n](t);
    try {
      host.raise(
        times === 1
          ? request
          : { ...request, prompt: `${request.prompt} (asked again: ${times}${ordinal(times)} time)` },
      );
    } catch {
      stopped = true; // the agent closed underneath us
    }
  };

  for (let i = 0; i < t.initialBurst; i++) raiseNamed(openers[i] ?? pick());

  const schedule = (): void => {
    if (stopped) return;
    const gap = t.minGapMs + host.rng() * Math.max(0, t.maxGapMs - t.minGapMs);
    timer = setTimeout(() => {
      if (stopped) return;
      if (host.pendingCount() < t.maxPending) raiseNamed(pick());
      schedule();
    }, gap);
    timer.unref();
  };
  schedule();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
