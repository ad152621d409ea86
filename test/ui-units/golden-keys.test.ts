import { test } from 'node:test';
import assert from 'node:assert/strict';
import { run, type Outcome, type Sequence } from './golden-keys.js';

// The golden key sequences (issue 40), recorded before the key handling was
// reshaped (bindings as objects, modals as a stack, one effect type): what
// every sequence of reads leaves in every place the keys can be. A row that
// changes is a behaviour change, never a refactor: fix the code, not the row.
// A new row's `want` is what run(row) returns, read and checked by hand.

const ROWS: (Sequence & { want: Outcome })[] = [
  {
    scope: "browse", note: "nothing pressed", reads: [],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "j moves down", reads: ["j"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3e0f5005c34e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "down arrow moves down", reads: ["\u001b[B"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3e0f5005c34e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "j past the end stays on the last", reads: ["j","j","j","j"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "de09fdda6e6d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "k at the top stays", reads: ["k"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "G last, g first", reads: ["G"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "de09fdda6e6d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "G then g", reads: ["G","g"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "end key", reads: ["\u001b[F"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "de09fdda6e6d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "page down", reads: ["\u001b[6~"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "de09fdda6e6d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "ctrl-D half page", reads: ["\u0004"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "de09fdda6e6d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "ctrl-U half page up from the last", reads: ["G","\u0015"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "space marks and moves down", reads: [" "],
    want: { mode: "browse", selected: "bravo", footer: "1 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "1 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a996d7a6bf8f", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "space twice marks two", reads: [" "," "],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "2a8d6aa215a2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "space on a marked one unmarks", reads: [" ","k"," "],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3e0f5005c34e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "* marks every answerable", reads: ["*"],
    want: { mode: "browse", selected: "alpha", footer: "3 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "3 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "f84c1d88a529", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "* then Esc clears the marks", reads: ["*","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "Esc with nothing to clear", reads: ["\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "y copies the id", reads: ["y"],
    want: { mode: "browse", selected: "alpha", notice: "copied G001", footer: "copied G001  j/k move · Enter open · 1-2 option · Space mark · / filter · ? hel…", prompt: "copied G001. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "6e4132877964", effects: ["copy"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "? opens help", reads: ["?"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "c491cc74726c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "/ opens the filter", reads: ["/"],
    want: { mode: "filter", selected: "alpha", footer: "/ filter:    Enter keeps · Esc clears", prompt: "/ filter:. Enter keeps · Esc clears", screen: "15d5f2dfc875", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "q quits with nothing unsent", reads: ["q"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "browse", note: "ctrl-C quits", reads: ["\u0003"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "browse", note: "ctrl-Z suspends", reads: ["\u001a"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: ["suspend"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "A without rules", reads: ["A"],
    want: { mode: "browse", selected: "alpha", notice: "No rules loaded: start with --rules F (README \"Rules\").", footer: "No rules loaded: start with --rules F (README \"Rules\").  j/k move · Enter open …", prompt: "No rules loaded: start with --rules F (README \"Rules\"). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "9f0d71bcad9e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "x without a roster", reads: ["x"],
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel run r1 of alpha (session sa)? y/n (n/Esc keeps it running · Tab reason)", screen: "11fd45f260bc", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "X without a roster", reads: ["X"],
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reaso…", prompt: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reason)", screen: "3ccf29322440", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "p without a roster", reads: ["p"],
    want: { mode: "confirm-control", selected: "alpha", footer: "Pause session sa of alpha? y/n (n/Esc keeps it running)", screen: "e90035b13b84", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "t opens the timeline", reads: ["t"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "21731e6e185e", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "H opens the history", reads: ["H"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "621c54b0c12a", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "d asks to hide", reads: ["d"],
    want: { mode: "browse", selected: "alpha", footer: "Hide this request from this console? y hides · any other key keeps it · alpha: …", prompt: "Hide this request from this console? y hides · any other key keeps it · alpha: Drop the table?", screen: "73b1e5c6b8e8", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "Enter opens", reads: ["\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "aa97d91aa3d4", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "2 opens on option 2", reads: ["2"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 1, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "5af03bd295ed", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "9 opens with no option 9", reads: ["9"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, hint: "No option 9: this request has 2.", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "b7603ef0ce7e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "an unbound letter does nothing", reads: ["w"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "a paste is ignored", reads: ["\u001b[200~hello\u001b[201~"],
    want: { mode: "browse", selected: "alpha", notice: "Paste ignored: open a request first.", footer: "Paste ignored: open a request first.  j/k move · Enter open · 1-2 option · Spac…", prompt: "Paste ignored: open a request first. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "d6f6750c3135", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "Tab does nothing", reads: ["\t"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "several keys in one read", reads: ["jjk"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3e0f5005c34e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "a question opened with a digit", reads: ["1"], events: "question",
    want: { mode: "answer", selected: "delta", open: "delta", reply: "", highlight: 0, hint: "This request has no options: type a reply.", footer: "digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "7af09a731083", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "k from Reply to the last option", reads: ["\r","k"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "83a5588ed60e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "k k to the first option", reads: ["\r","k","k","k"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kkk", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "cc540df07a6e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "down past Reply stays", reads: ["\r","j"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "j", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "5223e34cc5bc", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "an option sent with Enter", reads: ["\r","k","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "Enter on an empty Reply", reads: ["\r","\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, hint: "Type a reply first: Enter on an empty Reply sends nothing.", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "62dd8789016b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a reply typed and sent", reads: ["\r","h","i","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"text\":\"hi\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "a reply typed in one read and sent", reads: ["\r","hi there\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"text\":\"hi there\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "backspace edits the reply", reads: ["\r","hi",""],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "h", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "d50cab11deb6", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "left and typing in the middle", reads: ["\r","ac","\u001b[D","b"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "abc", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "0ae8daf3e5c2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "q on the Reply row is text", reads: ["\r","q"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "q", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "ee38df890afe", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "y on the Reply row is text", reads: ["\r","y"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "y", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "40d019e80899", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "q on an option row quits", reads: ["\r","k","q"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kq", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "a166ab38e559", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "y on an option row copies the id", reads: ["\r","k","y"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "ky", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "5158511a3fee", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a letter on an option row goes to Reply", reads: ["\r","k","w"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kw", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "8b9cce7f8400", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "Esc back to the list", reads: ["\r","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "Esc keeps the draft", reads: ["\r","draft","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "13a66359ecce", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "Esc then Enter opens the draft again", reads: ["\r","draft","\u001b","\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "draft", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "414173467dfb", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "page down scrolls the detail", reads: ["\r","\u001b[6~"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "aa97d91aa3d4", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "? help from the answer, Esc back", reads: ["\r","?","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "13a66359ecce", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "? on the Reply row is text", reads: ["\r","x","?"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "x?", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "79a2ed45d1f8", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "ctrl-C quits", reads: ["\r","\u0003"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "aa97d91aa3d4", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "answer", note: "digit picks, Enter sends", reads: ["\r","2","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"option\":\"deny\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "digit and Enter in one read", reads: ["\r","1\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"option\":\"allow\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "Tab then digits are text", reads: ["\r","\t","12","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"text\":\"12\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "Tab on an option row", reads: ["1","\t"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "every key is text (Tab) · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "9ad60bbf5d24", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a paste on Reply", reads: ["\r","\u001b[200~pasted text\u001b[201~"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "pasted text", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "980ddbf37a30", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a paste on an option row", reads: ["\r","k","\u001b[200~pasted\u001b[201~"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kpasted", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "52b56a47a6b0", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "one send per read: keys after the send dropped", reads: ["\r","k\rjj"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k jj", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "9bf5f2d8774b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a question: digits are the reply", reads: ["\r","8080","\r"], events: "question",
    want: { mode: "browse", selected: "delta", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "7644b91645cb", effects: ["send"], sent: ["control.attention.respond {\"text\":\"8080\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: first Enter warns", reads: ["\r","k","\r"], roster: "nobody",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "dccdc20381fd", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: second Enter sends", reads: ["\r","k","\r","\r"], roster: "nobody",
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: Esc drops the warning", reads: ["\r","k","\r","\u001b"], roster: "nobody",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "e5f4c82e3b9c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: a move drops the warning", reads: ["\r","k","\r","k"], roster: "nobody",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kk", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "9c0562f0a96f", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a live agent: Enter sends at once", reads: ["\r","k","\r"], roster: "fleet",
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a01dcfc3f0ba", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "the sent request opened again (sending)", reads: ["\r","k","\r","k","\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "4aa00e9a35d4", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "r while sending", reads: ["\r","k","\r","k","\r","r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, hint: "Your answer (a text reply, given at 10:00:30 UTC) is on its way: no second answer is sent for this request.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "b0839b0fddab", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "a digit while sending", reads: ["\r","k","\r","k","\r","1"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, hint: "Your answer (a text reply, given at 10:00:30 UTC) is on its way: no second answer is sent for this request.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "b0839b0fddab", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "Esc back from a locked one", reads: ["\r","k","\r","k","\r","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7d7f032983f3", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "informational: opened", reads: ["\r"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "ebd260b65370", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: a digit", reads: ["\r","1"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, hint: "Informational: this request is answered in the agent's own UI.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "c0d94afade89", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: Enter", reads: ["\r","\r"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, hint: "Informational: this request is answered in the agent's own UI.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "c0d94afade89", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: y copies", reads: ["\r","y"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, notice: "copied G001", footer: "copied G001  PgUp/PgDn scroll · Esc back to the list · ? help", prompt: "copied G001. PgUp/PgDn scroll · Esc back to the list · ? help", screen: "f14c9e27331b", effects: ["copy"], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: page down", reads: ["\r","\u001b[6~"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "ebd260b65370", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: q quits", reads: ["\r","q"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "ebd260b65370", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "locked", note: "closed: opened from Recent", reads: ["G","\r"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "48afa9eced16", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "closed: r", reads: ["G","\r","r"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, hint: "This request is closed.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "b3a4b634d780", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "closed: ? and back", reads: ["G","\r","?","\u001b"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "48afa9eced16", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "a digit from the list on a closed one", reads: ["G","1"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "48afa9eced16", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "opened", reads: ["\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "b3a221183d71", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "text typed in the first field", reads: ["\r","web"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "9523a824bfac", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Enter on an empty required field", reads: ["\r","\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "a5ffb7a6cc40", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Enter moves to the next field", reads: ["\r","web","\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "947e38d33dc5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Tab to the next field, backTab back", reads: ["\r","\t","\u001b[Z"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "b3a221183d71", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "down moves a field", reads: ["\r","\u001b[B"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "a5ffb7a6cc40", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "a number typed", reads: ["\r","web","\r","3"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "95afb575cfa5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "a number out of range", reads: ["\r","web","\r","30","\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "0367c93c5f2a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "boolean: y", reads: ["\r","web","\r","3","\r","y"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "5c18c675e366", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "boolean: n then backspace unsets", reads: ["\r","web","\r","3","\r","n",""], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "00ed499d4702", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "boolean: space toggles", reads: ["\r","web","\r","3","\r"," "], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "5c18c675e366", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "select: down and space", reads: ["\r","web","\r","3","\r","y","\r","\u001b[B"," "], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc b…", prompt: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc back", screen: "f3c9f4cdb110", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "select: a digit picks that choice", reads: ["\r","web","\r","3","\r","y","\r","2"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc b…", prompt: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc back", screen: "f3c9f4cdb110", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "select: a digit, Enter, Submit sends that choice", reads: ["\r","web","\r","3","\r","y","\r","2","\r","\r"], events: "form",
    want: { mode: "browse", selected: "echo", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "014921a0b9a2", effects: ["send"], sent: ["control.attention.respond {\"values\":{\"name\":\"web\",\"replicas\":3,\"staged\":true,\"env\":\"prod\"}}"], quits: 0 },
  },
  {
    scope: "form", note: "filled in and submitted", reads: ["\r","web","\r","3","\r","y","\r"," ","\r","\r"], events: "form",
    want: { mode: "browse", selected: "echo", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "014921a0b9a2", effects: ["send"], sent: ["control.attention.respond {\"values\":{\"name\":\"web\",\"replicas\":3,\"staged\":true,\"env\":\"stg\"}}"], quits: 0 },
  },
  {
    scope: "form", note: "q in a text field is text", reads: ["\r","q"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "a6700fcc65be", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "? in a text field", reads: ["\r","?"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "2ed04ad1551b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Esc back keeps the draft", reads: ["\r","web","\u001b"], events: "form",
    want: { mode: "browse", selected: "echo", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "3af6ecba1011", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "page down", reads: ["\r","\u001b[6~"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "b3a221183d71", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "ctrl-C", reads: ["\r","\u0003"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "b3a221183d71", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "form", note: "a paste in a text field", reads: ["\r","\u001b[200~svc\u001b[201~"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "adda115daa5d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "space on the list: forms cannot be marked", reads: [" "], events: "form",
    want: { mode: "browse", selected: "echo", notice: "Forms cannot be marked: each is filled in on its own.", footer: "Forms cannot be marked: each is filled in on its own.  j/k move · Enter open · …", prompt: "Forms cannot be marked: each is filled in on its own. j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "7410272cbe8c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "* on the list: nothing can be marked", reads: ["*"], events: "form",
    want: { mode: "browse", selected: "echo", notice: "Nothing here can be marked: forms and informational requests are answered one by one, history from a file not at all.", footer: "Nothing here can be marked: forms and informational requests are answered one b…", prompt: "Nothing here can be marked: forms and informational requests are answered one by one, history from a file not at all. j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "0e6a28e0c7be", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "two marked, Enter opens the batch", reads: [" "," ","\r"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "e465697ab88e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "j moves the highlight", reads: [" "," ","\r","j"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "e4ab5eca2670", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "k moves up", reads: [" "," ","\r","j","k"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "33a743ca567a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a digit picks", reads: [" "," ","\r","2"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "0f484b2a86dd", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a digit with no such option", reads: [" "," ","\r","7"],
    want: { mode: "batch", selected: "charlie", notice: "No option 7 is common to the marked requests (they share 2). Tab, then type, to reply with a digit.", footer: "No option 7 is common to the marked requests (they share 2). Tab, then type, to…", prompt: "No option 7 is common to the marked requests (they share 2). Tab, then type, to reply with a digit. ↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "1ef88b066ed7", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Enter on an option asks to confirm", reads: [" "," ","\r","\r"],
    want: { mode: "batch", selected: "charlie", notice: "Type a reply first: Enter on an empty Reply sends nothing.", footer: "Type a reply first: Enter on an empty Reply sends nothing.  ↑/↓ 1-2 choose · Ta…", prompt: "Type a reply first: Enter on an empty Reply sends nothing. ↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "671c2b59d9f9", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "down to Reply, typed", reads: [" "," ","\r","j","j","ok"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "0996019da4a1", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Tab types, digits are text", reads: [" "," ","\r","\t","12"],
    want: { mode: "batch", selected: "charlie", footer: "every key is text (Tab) · Enter send… · Esc back (marks stay)", screen: "681085bc0877", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Enter on an empty Reply", reads: [" "," ","\r","j","j","\r"],
    want: { mode: "confirm-batch", selected: "charlie", footer: "Send \"jj\" to 2 requests? y/n", screen: "956e35a74051", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Esc back to the list, marks kept", reads: [" "," ","\r","\u001b"],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "2a8d6aa215a2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "? help and back", reads: [" "," ","\r","?","\u001b"],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "2a8d6aa215a2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "q quits", reads: [" "," ","\r","q"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "cba7667ccb40", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "ctrl-C", reads: [" "," ","\r","\u0003"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "e465697ab88e", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "batch", note: "a paste on an option", reads: [" "," ","\r","\u001b[200~x\u001b[201~"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "57c26cdcb00a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a paste on Reply", reads: [" "," ","\r","j","j","\u001b[200~pasted\u001b[201~"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "a7ddbc427b8a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a digit from the list opens it on that option", reads: [" "," ","2"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "0f484b2a86dd", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "all marked with *, opened", reads: ["*","\r"],
    want: { mode: "batch", selected: "alpha", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "5af3947810aa", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "y sends to every marked one", reads: [" "," ","\r","\r","y"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "cba613932ced", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "Y sends too", reads: [" "," ","\r","2","\r","Y"],
    want: { mode: "browse", selected: "charlie", notice: "Sent \"Deny\" to 2 requests.", footer: "Sent \"Deny\" to 2 requests.  j/k move · Enter open · 1-2 option · Space mark · /…", prompt: "Sent \"Deny\" to 2 requests. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7e666adc6e1a", effects: ["send","send"], sent: ["control.attention.respond {\"option\":\"deny\"}","control.attention.respond {\"option\":\"deny\"}"], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "n goes back", reads: [" "," ","\r","\r","n"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "6270a72457a6", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "Esc goes back", reads: [" "," ","\r","\r","\u001b"],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "2a8d6aa215a2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "ctrl-C", reads: [" "," ","\r","\r","\u0003"],
    want: { mode: "batch", selected: "charlie", notice: "Type a reply first: Enter on an empty Reply sends nothing.", footer: "Type a reply first: Enter on an empty Reply sends nothing.  ↑/↓ 1-2 choose · Ta…", prompt: "Type a reply first: Enter on an empty Reply sends nothing. ↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "671c2b59d9f9", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-batch", note: "a reply sent to both", reads: [" "," ","\r","\t","ok","\r","y"],
    want: { mode: "browse", selected: "charlie", notice: "Sent \"ok\" to 2 requests.", footer: "Sent \"ok\" to 2 requests.  j/k move · Enter open · 1-2 option · Space mark · / f…", prompt: "Sent \"ok\" to 2 requests. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "b3a70c5aaa29", effects: ["send","send"], sent: ["control.attention.respond {\"text\":\"ok\"}","control.attention.respond {\"text\":\"ok\"}"], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "y and more keys in the same read", reads: [" "," ","\r","\r","yjj"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "db863d867b2e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "typed", reads: ["/","bravo"],
    want: { mode: "filter", selected: "bravo", footer: "/ filter: bravo   Enter keeps · Esc clears", prompt: "/ filter: bravo. Enter keeps · Esc clears", screen: "dc80f3a9f49a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "Enter keeps it", reads: ["/","bravo","\r"],
    want: { mode: "browse", selected: "bravo", footer: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / fil…", prompt: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "1020fb62f6f4", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "Esc clears it", reads: ["/","bravo","\u001b"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3e0f5005c34e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "ctrl-C clears it", reads: ["/","bravo","\u0003"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3e0f5005c34e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "kept, then Esc on the list clears it", reads: ["/","bravo","\r","\u001b"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3e0f5005c34e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "nothing matches", reads: ["/","zzz","\r"],
    want: { mode: "browse", footer: "Esc clears the filter · j/k move · Enter open · 1-9 option · Space mark · / fil…", prompt: "Esc clears the filter · j/k move · Enter open · 1-9 option · Space mark · / filter · ? help · q quit", screen: "fa18badeb205", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "j and q are text there", reads: ["/","jq"],
    want: { mode: "filter", footer: "/ filter: jq   Enter keeps · Esc clears", prompt: "/ filter: jq. Enter keeps · Esc clears", screen: "c8365cc9a1e2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "backspace", reads: ["/","bravo",""],
    want: { mode: "filter", selected: "bravo", footer: "/ filter: brav   Enter keeps · Esc clears", prompt: "/ filter: brav. Enter keeps · Esc clears", screen: "1487b033d085", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "a paste", reads: ["/","\u001b[200~char\u001b[201~"],
    want: { mode: "filter", selected: "charlie", footer: "/ filter: char   Enter keeps · Esc clears", prompt: "/ filter: char. Enter keeps · Esc clears", screen: "e9df95e8a364", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "two words", reads: ["/","npm charlie","\r"],
    want: { mode: "browse", selected: "charlie", footer: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / fil…", prompt: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "fcae818bdaa4", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "a new / starts fresh", reads: ["/","bravo","\r","/"],
    want: { mode: "filter", selected: "bravo", footer: "/ filter:    Enter keeps · Esc clears", prompt: "/ filter:. Enter keeps · Esc clears", screen: "8eff50dcf54f", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "j scrolls", reads: ["?","j","j"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "9bea16bb5c30", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "k at the top", reads: ["?","k"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "c491cc74726c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "page down", reads: ["?","\u001b[6~"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "df8e8654cee2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "ctrl-D", reads: ["?","\u0004"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "eb58bab23772", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "Esc back", reads: ["?","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "any other key back", reads: ["?","x"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "? again back", reads: ["?","?"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "q back (not quit)", reads: ["?","q"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "ctrl-C quits", reads: ["?","\u0003"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "c491cc74726c", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-quit", note: "q with a draft asks", reads: ["\r","draft","\u001b","q"],
    want: { mode: "confirm-quit", selected: "alpha", footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "9a4647358ec5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "y quits", reads: ["\r","draft","\u001b","q","y"],
    want: { mode: "confirm-quit", selected: "alpha", footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "9a4647358ec5", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-quit", note: "n stays", reads: ["\r","draft","\u001b","q","n"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "13a66359ecce", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "ctrl-C quits", reads: ["\r","draft","\u001b","q","\u0003"],
    want: { mode: "confirm-quit", selected: "alpha", footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "9a4647358ec5", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-quit", note: "asked from the answer", reads: ["\r","draft","\u001b[A","q"],
    want: { mode: "confirm-quit", selected: "alpha", open: "alpha", reply: "draft", highlight: 1, footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "fd95c0aeb73d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "Esc back to the answer", reads: ["\r","draft","\u001b[A","q","\u001b"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "draft", highlight: 1, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "f13df27793d3", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "with a command in flight", reads: ["\r","k","\r","q"],
    want: { mode: "confirm-quit", selected: "bravo", footer: "Quit? 1 answer in flight: kept, sent next start · y quits · any other key stays", screen: "e8af9c3ce694", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "x asks to cancel the run", reads: ["x"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel run r1 of alpha (session sa)? y/n (n/Esc keeps it running · Tab reason)", screen: "11fd45f260bc", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "X asks to cancel the session", reads: ["X"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reaso…", prompt: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reason)", screen: "3ccf29322440", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "p asks to pause", reads: ["p"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Pause session sa of alpha? y/n (n/Esc keeps it running)", screen: "e90035b13b84", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "y sends the cancel", reads: ["x","y"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Cancel of the run sent: the outcome shows on the session's rows.", footer: "Cancel of the run sent: the outcome shows on the session's rows.  j/k move · En…", prompt: "Cancel of the run sent: the outcome shows on the session's rows. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0f9a9cb73fca", effects: ["control"], sent: ["control.cancel \"run\"","cancel {\"verb\":\"cancel\",\"scope\":\"run\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "n does not", reads: ["x","n"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0d37d8b2f87a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "Esc does not", reads: ["x","\u001b"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0d37d8b2f87a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "another key", reads: ["x","j"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0d37d8b2f87a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "Tab asks for a reason", reads: ["x","\t"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Reason:    Enter sends · Esc keeps it running", prompt: "Reason:. Enter sends · Esc keeps it running", screen: "7a84b8431b42", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "a reason typed", reads: ["x","\t","too risky"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Reason: too risky   Enter sends · Esc keeps it running", prompt: "Reason: too risky. Enter sends · Esc keeps it running", screen: "9632a63d0e4d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "a reason sent", reads: ["x","\t","too risky","\r"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Cancel of the run sent: the outcome shows on the session's rows.", footer: "Cancel of the run sent: the outcome shows on the session's rows.  j/k move · En…", prompt: "Cancel of the run sent: the outcome shows on the session's rows. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0f9a9cb73fca", effects: ["control"], sent: ["control.cancel \"run\"","cancel {\"verb\":\"cancel\",\"scope\":\"run\",\"reason\":\"too risky\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "a reason abandoned", reads: ["x","\t","too","\u001b"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0d37d8b2f87a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "ctrl-C in the reason", reads: ["x","\t","too","\u0003"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0d37d8b2f87a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "y and n are text in the reason", reads: ["x","\t","yn"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Reason: yn   Enter sends · Esc keeps it running", prompt: "Reason: yn. Enter sends · Esc keeps it running", screen: "99dd6059086d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "p then y pauses", reads: ["p","y"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Pause sent: the outcome shows on the session's rows.", footer: "Pause sent: the outcome shows on the session's rows.  j/k move · Enter open · 1…", prompt: "Pause sent: the outcome shows on the session's rows. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0468c5523747", effects: ["control"], sent: ["control.pause \"\"","pause {\"verb\":\"pause\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "x from a second row", reads: ["j","x"], roster: "fleet",
    want: { mode: "confirm-control", selected: "bravo", footer: "Cancel run r2 of bravo (session sb)? y/n (n/Esc keeps it running · Tab reason)", screen: "c28f8a5c089d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "k", reads: ["t","k"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "21731e6e185e", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "j", reads: ["t","j"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "21731e6e185e", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "g and G", reads: ["t","g","G"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "21731e6e185e", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "page up", reads: ["t","\u001b[5~"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "21731e6e185e", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "Esc back", reads: ["t","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "t back", reads: ["t","t"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "q quits", reads: ["t","q"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "21731e6e185e", effects: ["fetch","quit"], sent: [], quits: 1 },
  },
  {
    scope: "timeline", note: "an unbound key", reads: ["t","z"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "21731e6e185e", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "j", reads: ["H","j"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "621c54b0c12a", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "G", reads: ["H","G"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "621c54b0c12a", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "Enter opens a decision", reads: ["H","\r"], history: true,
    want: { mode: "history", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "e9dc8d30b188", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "a decision: j scrolls", reads: ["H","\r","j"], history: true,
    want: { mode: "history", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "e9dc8d30b188", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "a decision: Esc back to the list of decisions", reads: ["H","\r","\u001b"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "621c54b0c12a", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "a decision: q", reads: ["H","\r","q"], history: true,
    want: { mode: "history", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "e9dc8d30b188", effects: ["readHistory","quit"], sent: [], quits: 1 },
  },
  {
    scope: "history", note: "Esc back to the requests", reads: ["H","\u001b"], history: true,
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "H back to the requests", reads: ["H","H"], history: true,
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "5d07352e6dd5", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "/ filters", reads: ["H","/","codex"], history: true,
    want: { mode: "history", selected: "alpha", footer: "/ filter: codex   Enter keeps · Esc clears", prompt: "/ filter: codex. Enter keeps · Esc clears", screen: "e9e40ece7051", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "/ filter kept", reads: ["H","/","codex","\r"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "980c83e54036", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "/ filter, Esc", reads: ["H","/","codex","\u001b"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "621c54b0c12a", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "q quits", reads: ["H","q"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "621c54b0c12a", effects: ["readHistory","quit"], sent: [], quits: 1 },
  },
  {
    scope: "history", note: "empty", reads: ["H","j","\r"],
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "3750f96dfc70", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a on an option asks", reads: ["1","a"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "e24da2afa3d8", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a on the Reply row is text", reads: ["\r","a"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "a", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "60551ac5530e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "j moves the scope", reads: ["1","a","j"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "6327b31fea7d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "k moves the scope", reads: ["1","a","j","k"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "e24da2afa3d8", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a digit picks the scope", reads: ["1","a","2"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "6327b31fea7d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a digit past the scopes", reads: ["1","a","4"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "37db2520fb96", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "y makes the rule and sends", reads: ["1","a","y"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "4927af06cecd", effects: ["send"], sent: ["control.attention.respond {\"option\":\"allow\"}"], quits: 0 },
  },
  {
    scope: "always", note: "n goes back", reads: ["1","a","n"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "cadc08da7d61", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "Esc goes back", reads: ["1","a","\u001b"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "cadc08da7d61", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "an unbound key goes back", reads: ["1","a","z"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "cadc08da7d61", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "on the agent scope (no cause)", reads: ["1","a","3","y"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, hint: "Not for this request: its cause names no tool the console could read.", footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "0377e94c4089", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "y hides", reads: ["d","y"],
    want: { mode: "browse", selected: "bravo", notice: "Hidden from this console (the history records it; list and --file still show it); Z undoes.", footer: "Hidden from this console (the history records it; list and --file still show it…", prompt: "Hidden from this console (the history records it; list and --file still show it); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "9ed1be7d3e38", effects: ["hide"], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "n keeps", reads: ["d","n"],
    want: { mode: "browse", selected: "alpha", notice: "Kept: nothing hidden.", footer: "Kept: nothing hidden.  j/k move · Enter open · 1-2 option · Space mark · / filt…", prompt: "Kept: nothing hidden. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "95e528c2384d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "Esc keeps", reads: ["d","\u001b"],
    want: { mode: "browse", selected: "alpha", notice: "Kept: nothing hidden.", footer: "Kept: nothing hidden.  j/k move · Enter open · 1-2 option · Space mark · / filt…", prompt: "Kept: nothing hidden. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "95e528c2384d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "any key keeps", reads: ["d","j"],
    want: { mode: "browse", selected: "alpha", notice: "Kept: nothing hidden.", footer: "Kept: nothing hidden.  j/k move · Enter open · 1-2 option · Space mark · / filt…", prompt: "Kept: nothing hidden. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "95e528c2384d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "hidden, then the next", reads: ["d","y","d","y"],
    want: { mode: "browse", selected: "charlie", notice: "Hidden from this console (the history records it; list and --file still show it); Z undoes.", footer: "Hidden from this console (the history records it; list and --file still show it…", prompt: "Hidden from this console (the history records it; list and --file still show it); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "c234bcb78da8", effects: ["hide","hide"], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "on a second row", reads: ["j","d","y"],
    want: { mode: "browse", selected: "charlie", notice: "Hidden from this console (the history records it; list and --file still show it); Z undoes.", footer: "Hidden from this console (the history records it; list and --file still show it…", prompt: "Hidden from this console (the history records it; list and --file still show it); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "9f00e0955d15", effects: ["hide"], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "y then Z shows it again", reads: ["d","y","Z"],
    want: { mode: "browse", selected: "bravo", notice: "Shown again (alpha: Drop the table?).", footer: "Shown again (alpha: Drop the table?).  j/k move · Enter open · 1-2 option · Spa…", prompt: "Shown again (alpha: Drop the table?). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "f02504feec89", effects: ["hide","unhide"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "z sets the selected aside", reads: ["z"],
    want: { mode: "browse", selected: "bravo", notice: "Snoozed for 10 minutes (back sooner if it changes, or at its last call); Z undoes.", footer: "Snoozed for 10 minutes (back sooner if it changes, or at its last call); Z undo…", prompt: "Snoozed for 10 minutes (back sooner if it changes, or at its last call); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "c955ed471a4f", effects: ["snooze"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "z then Z brings it back", reads: ["z","Z"],
    want: { mode: "browse", selected: "bravo", notice: "Back from snooze (alpha: Drop the table?).", footer: "Back from snooze (alpha: Drop the table?).  j/k move · Enter open · 1-2 option …", prompt: "Back from snooze (alpha: Drop the table?). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "35da2fff4405", effects: ["snooze"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "Z on the snoozed row brings that one back", reads: ["z","j","z","G","Z"],
    want: { mode: "browse", selected: "charlie", notice: "Back from snooze (charlie: npm publish).", footer: "Back from snooze (charlie: npm publish).  j/k move · Enter open · 1-2 option · …", prompt: "Back from snooze (charlie: npm publish). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "d4fb04b73289", effects: ["snooze","snooze"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "Z with nothing to undo", reads: ["Z"],
    want: { mode: "browse", selected: "alpha", notice: "Nothing to undo: no snooze or hide in this run (H lists earlier hides; Z there undoes one).", footer: "Nothing to undo: no snooze or hide in this run (H lists earlier hides; Z there …", prompt: "Nothing to undo: no snooze or hide in this run (H lists earlier hides; Z there undoes one). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "ba30698cb7a9", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "A asks", reads: ["A"], config: "rules",
    want: { mode: "browse", selected: "alpha", notice: "Let the rules answer what they match (AUTO)? y/n", footer: "Let the rules answer what they match (AUTO)? y/n  j/k move · Enter open · 1-2 o…", prompt: "Let the rules answer what they match (AUTO)? y/n. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "73600703ead4", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "y turns AUTO on", reads: ["A","y"], config: "rules",
    want: { mode: "browse", selected: "alpha", notice: "AUTO: the rules answer what they match.", footer: "AUTO: the rules answer what they match.  j/k move · Enter open · 1-2 option · S…", prompt: "AUTO: the rules answer what they match. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "e4aa2aa75d9a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "n does not", reads: ["A","n"], config: "rules",
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "4b0557d753d3", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "another key does not", reads: ["A","j"], config: "rules",
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "4b0557d753d3", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "A again turns it off", reads: ["A","y","A"], config: "rules",
    want: { mode: "browse", selected: "alpha", notice: "AUTO off: the rules only suggest.", footer: "AUTO off: the rules only suggest.  j/k move · Enter open · 1-2 option · Space m…", prompt: "AUTO off: the rules only suggest. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "a6190d3fe5f9", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "from the answer: A is text on Reply", reads: ["\r","A"], config: "rules",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "A", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "f5e45eaaeb0f", effects: [], sent: [], quits: 0 },
  },
];

for (const row of ROWS) {
  test(`${row.scope}: ${row.note}`, () => {
    const { want, ...sequence } = row;
    assert.deepEqual(run(sequence), want);
  });
}

test('the golden rows cover every place the keys can be', () => {
  const scopes = new Set(ROWS.map((row) => row.scope));
  for (const scope of ['browse', 'answer', 'locked', 'form', 'batch', 'confirm-batch', 'filter', 'help', 'confirm-quit', 'confirm-control', 'timeline', 'history', 'always', 'hide', 'auto']) {
    assert.ok(scopes.has(scope), scope);
  }
  assert.equal(new Set(ROWS.map((row) => `${row.scope}: ${row.note}`)).size, ROWS.length, 'every row its own name');
});
