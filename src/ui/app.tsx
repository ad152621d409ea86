import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Box, useApp, useInput } from 'ink';
import type { RelayHandle } from '../relay/types.js';
import type { ConsoleStore } from '../store/store.js';
import { counts, inboxOrder, type Counts } from '../store/selectors.js';
import { OPEN_STATES, type RequestRecord } from '../store/types.js';
import { readKeys, type KeyPress } from './keys.js';
import { LinesView, colorEnabled, fitLine, seg, type Line } from './text/line.js';
import { fit } from './text/wrap.js';
import { buildDetailLines, isAnswerableForm } from './inbox/detail-view.js';
import { buildHelpLines } from './inbox/help-view.js';
import { listWindow } from './inbox/list-view.js';
import { buildStatusLines } from './inbox/status-view.js';
import { footerLine } from './inbox/footer-view.js';
import { reduceKey } from './inbox/reduce-key.js';
import { isHistory } from '../store/history.js';
import { answerLock, draftFor, hasUnsentDraft, initialInbox, matchesFilter, type InboxState } from './inbox/state.js';
import { useAlerts } from './hooks/use-alerts.js';
import { useRejectionFeedback } from './hooks/use-rejection-feedback.js';
import { useStoreVersion } from './hooks/use-store.js';
import { useTerminalSize, type TerminalSize } from './hooks/use-terminal-size.js';
import { useClock } from './hooks/use-clock.js';

export interface AppProps {
  store: ConsoleStore;
  clients: RelayHandle[];
  bell?: boolean;
  notify?: boolean;
  /** Fixed size (tests, embedders); otherwise the terminal's, tracked on resize. */
  size?: TerminalSize;
  now?: () => number;
  /** Clock tick for ages and countdowns; 0 disables (tests). */
  tickMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Where bells and notifications go (defaults to the terminal). */
  write?: (data: string) => void;
  onQuit?: () => void;
}

interface InboxView {
  version: number;
  filter: string;
  list: RequestRecord[];
  counts: Counts;
  /** How many of `list` are open (they come first). */
  openCount: number;
}

/** Wide terminals show list and detail side by side. */
export const SIDE_BY_SIDE_MIN_COLUMNS = 100;

export function App(props: AppProps): React.ReactElement {
  const { store, clients } = props;
  const { exit } = useApp();
  useStoreVersion(store);
  const size = useTerminalSize(props.size);
  const now = useClock(props.now ?? Date.now, props.tickMs ?? 1000);
  const env = props.env ?? process.env;
  const color = colorEnabled(env);
  const [inbox, setInbox] = useState<InboxState>(initialInbox);
  // Quitting renders an empty frame first, so the terminal is left clean.
  const [quitting, setQuitting] = useState(false);
  useEffect(() => {
    if (quitting) exit();
  }, [quitting, exit]);
  const inboxRef = useRef(inbox);
  inboxRef.current = inbox;

  // Ordering thousands of requests is the costliest step of a frame: done
  // once per store version and filter, shared by rendering and key handling.
  const viewCache = useRef<InboxView | undefined>(undefined);
  // The list window stays where it is until the selection nears an edge.
  const listStart = useRef(0);
  const viewFor = (filter: string): InboxView => {
    const cached = viewCache.current;
    if (cached && cached.version === store.version && cached.filter === filter) return cached;
    const records = store.allRequests();
    const view = {
      version: store.version,
      filter,
      list: inboxOrder(records).filter((record) => matchesFilter(record, filter)),
      counts: counts(records),
      openCount: 0,
    };
    // Open requests lead the list; the list window needs where they end.
    while (view.openCount < view.list.length && OPEN_STATES.has(view.list[view.openCount].state)) view.openCount++;
    viewCache.current = view;
    return view;
  };
  const { list, counts: requestCounts, openCount } = viewFor(inbox.filter);
  const selectedIndex = resolveSelection(inbox, list);
  const selected = list[selectedIndex];
  const open = inbox.openKey ? store.request(inbox.openKey) : undefined;
  const openCommand = inbox.openKey ? store.lastCommandFor(inbox.openKey) : undefined;
  const clientFor = useCallback((relay: string) => clients.find((client) => client.relay === relay), [clients]);

  // Pin the selection to a request key as soon as there is one, so later
  // reordering or growth never moves it. While the start-up replay is still
  // arriving (and the operator has not moved), the first row is not yet the
  // first row the operator will see, so it is not pinned.
  const replaying = store.relays().some((relay) => relay.replaying);
  useEffect(() => {
    if (!inbox.selectionTouched && replaying) {
      if (inbox.selectedKey !== undefined || inbox.selectedIndex !== 0) setInbox((s) => ({ ...s, selectedKey: undefined, selectedIndex: 0 }));
    } else if (selected && inbox.selectedKey !== selected.key) {
      setInbox((s) => ({ ...s, selectedKey: selected.key, selectedIndex }));
    } else if (selected && inbox.selectedIndex !== selectedIndex) {
      setInbox((s) => ({ ...s, selectedIndex }));
    }
  }, [selected?.key, selectedIndex, replaying]); // eslint-disable-line react-hooks/exhaustive-deps

  useAlerts(store, { bell: props.bell ?? true, notify: props.notify ?? false, env, write: props.write });
  useRejectionFeedback(store, inbox, setInbox);

  const statusLines = buildStatusLines({
    relays: store.relays(),
    counts: requestCounts,
    filter: inbox.filter,
    width: size.columns,
    now,
    maxRows: 3,
  });
  const frameHeight = Math.max(3, size.rows - 1);
  const bodyHeight = Math.max(1, frameHeight - statusLines.length - 1);
  const wide = size.columns >= SIDE_BY_SIDE_MIN_COLUMNS;
  const listWidth = wide ? Math.min(56, Math.floor(size.columns * 0.42)) : size.columns;
  const detailWidth = wide ? size.columns - listWidth - 3 : size.columns;

  // Read per key from the current state: a draft typed (or a command sent)
  // earlier in the same chunk of input must still make quitting ask.
  const unsentWork = (state: InboxState): boolean =>
    store.inFlightCommands().length > 0 ||
    hasUnsentDraft({
      ...state,
      // Drafts of requests that are closed or already accepted are not "unsent".
      drafts: Object.fromEntries(
        Object.entries(state.drafts).filter(([key]) => {
          const record = store.request(key);
          return record && OPEN_STATES.has(record.state) && store.lastCommandFor(key)?.state !== 'accepted';
        }),
      ),
    });

  useInput((input, key) => {
    for (const press of readKeys(input, key)) {
      if (press.name !== 'none') handleKey(press);
    }
  });

  function handleKey(press: KeyPress): void {
    // Keys may arrive several per chunk, before React re-renders: read the
    // list and the selection from the current state, never from the last render.
    const current = inboxRef.current;
    const { list } = viewFor(current.filter);
    const state = { ...current, selectedIndex: resolveSelection(current, list) };
    const openRecord = state.openKey ? store.request(state.openKey) : undefined;
    const result = reduceKey(state, press, {
      list,
      open: openRecord,
      openCommand: state.openKey ? store.lastCommandFor(state.openKey) : undefined,
      claimants: openRecord ? store.claimants(openRecord.relay, openRecord.session) : undefined,
      pageSize: Math.max(1, bodyHeight - 2),
      unsentWork: unsentWork(state),
    });
    inboxRef.current = result.state;
    setInbox(result.state);
    for (const effect of result.effects) {
      if (effect.type === 'quit') {
        props.onQuit?.();
        setQuitting(true);
      } else if (effect.type === 'send') {
        const record = store.request(effect.key);
        // A request read from a file is history: never answered, whatever the keys said.
        if (record && !isHistory(record)) clientFor(record.relay)?.respond(effect.key, effect.answer);
      } else if (effect.type === 'resend') {
        const command = store.command(effect.commandId);
        if (command) clientFor(command.relay)?.resend(effect.commandId);
      }
    }
  }

  const relayIndex = (relay: string) => store.relays().findIndex((r) => r.relay === relay) + 1;
  const relayLabel = store.relays().length > 1 ? (r: { relay: string }) => `[${relayIndex(r.relay)}]` : undefined;
  const answering = inbox.mode === 'answer' || (inbox.returnMode === 'answer' && (inbox.mode === 'help' || inbox.mode === 'confirm-quit'));
  const detailRecord = answering ? open : wide ? selected : undefined;

  const detail = (width: number): Line[] => {
    if (answering && inbox.openKey && !open) {
      return [[seg('This request is no longer held (pruned from history). Esc returns to the list.', { color: 'yellow' })]];
    }
    if (!detailRecord) {
      return [[seg(list.length ? 'Select a request with ↑/↓; Enter opens it.' : 'No requests yet. Agents raise them; they appear here.', { dim: true })]];
    }
    const command = store.lastCommandFor(detailRecord.key);
    return buildDetailLines({
      record: detailRecord,
      command,
      draft: draftFor(inbox, detailRecord),
      lock: answerLock(detailRecord, command),
      focused: answering,
      width,
      height: bodyHeight,
      scroll: answering ? inbox.detailScroll : 0,
      now,
      relay: detailRecord.relay,
      claimants: store.claimants(detailRecord.relay, detailRecord.session),
      hint: answering ? inbox.hint : undefined,
      confirmWarning: answering && inbox.pendingConfirm?.key === detailRecord.key ? inbox.pendingConfirm.warning : undefined,
    });
  };

  let body: Line[];
  if (inbox.mode === 'help') {
    body = buildHelpLines(size.columns, bodyHeight).map((l) => fitLine(l, size.columns, false));
  } else {
    const listed = listWindow({
      records: list,
      openCount,
      selectedIndex,
      width: listWidth,
      height: bodyHeight,
      now,
      focused: !answering,
      relayLabel,
      showPrompt: !wide,
      previousStart: listStart.current,
    });
    listStart.current = listed.start;
    if (wide) {
      // One text row per terminal row (list, rule, detail), not three
      // columns of boxes: a third of the nodes for Ink to lay out each frame.
      const detailLines = detail(detailWidth);
      const rule = seg(' │ ', { dim: true });
      const rows = Array.from({ length: bodyHeight }, (_, i): Line => [
        ...fitLine(listed.lines[i] ?? [], listWidth),
        rule,
        ...fitLine(detailLines[i] ?? [], detailWidth, false),
      ]);
      body = rows;
    } else {
      body = (answering ? detail(detailWidth) : listed.lines).map((l) => fitLine(l, size.columns, false));
    }
  }

  const footer = footerLine(inbox, size.columns, answering && open ? answerLock(open, openCommand) : undefined, answering && open !== undefined && isAnswerableForm(open));
  if (quitting) return <></>;
  return (
    // Every region is built as exact rows and each row is cut to the width,
    // so no box clips: clipping costs Ink a slice of every row, every frame.
    <Box flexDirection="column" width={size.columns} height={frameHeight}>
      <LinesView lines={statusLines.map((l) => l.map((s) => ({ ...s, text: fit(s.text, size.columns) })))} color={color} />
      <Box flexDirection="column" height={bodyHeight}>
        <LinesView lines={body.slice(0, bodyHeight)} color={color} />
      </Box>
      <LinesView lines={[footer]} color={color} />
    </Box>
  );
}

/** The selection's index: the pinned key if still listed, else the old index clamped. */
export function resolveSelection(state: InboxState, list: { key: string }[]): number {
  if (list.length === 0) return 0;
  if (state.selectedKey) {
    const at = list.findIndex((record) => record.key === state.selectedKey);
    if (at >= 0) return at;
  }
  return Math.max(0, Math.min(list.length - 1, state.selectedIndex));
}
