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
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "j moves down", reads: ["j"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7ae805609c70", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "down arrow moves down", reads: ["\u001b[B"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7ae805609c70", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "j past the end stays on the last", reads: ["j","j","j","j"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "6c27745f7445", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "k at the top stays", reads: ["k"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "G last, g first", reads: ["G"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "6c27745f7445", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "G then g", reads: ["G","g"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "end key", reads: ["\u001b[F"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "6c27745f7445", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "page down", reads: ["\u001b[6~"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "6c27745f7445", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "ctrl-D half page", reads: ["\u0004"],
    want: { mode: "browse", selected: "charlie", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "6c27745f7445", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "ctrl-U half page up from the last", reads: ["G","\u0015"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "space marks and moves down", reads: [" "],
    want: { mode: "browse", selected: "bravo", footer: "1 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "1 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "10b4c72b356d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "space twice marks two", reads: [" "," "],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "1c1c3ea50752", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "space on a marked one unmarks", reads: [" ","k"," "],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7ae805609c70", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "* marks every answerable", reads: ["*"],
    want: { mode: "browse", selected: "alpha", footer: "3 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "3 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7094c39fbbba", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "* then Esc clears the marks", reads: ["*","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "Esc with nothing to clear", reads: ["\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "y copies the id", reads: ["y"],
    want: { mode: "browse", selected: "alpha", notice: "copied G001", footer: "copied G001  j/k move · Enter open · 1-2 option · Space mark · / filter · ? hel…", prompt: "copied G001. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "58cea8d4e64b", effects: ["copy"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "? opens help", reads: ["?"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "09c974dfd232", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "/ opens the filter", reads: ["/"],
    want: { mode: "filter", selected: "alpha", footer: "/ filter:    Enter keeps · Esc clears", prompt: "/ filter:. Enter keeps · Esc clears", screen: "e3dcbaac197c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "q quits with nothing unsent", reads: ["q"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "browse", note: "ctrl-C quits", reads: ["\u0003"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "browse", note: "ctrl-Z suspends", reads: ["\u001a"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: ["suspend"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "A without rules", reads: ["A"],
    want: { mode: "browse", selected: "alpha", notice: "No rules loaded: start with --rules F (README \"Rules\").", footer: "No rules loaded: start with --rules F (README \"Rules\").  j/k move · Enter open …", prompt: "No rules loaded: start with --rules F (README \"Rules\"). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "59c86ba0b370", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "x without a roster", reads: ["x"],
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel run r1 of alpha (session sa)? y/n (n/Esc keeps it running · Tab reason)", screen: "3876f10cec0e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "X without a roster", reads: ["X"],
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reaso…", prompt: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reason)", screen: "43841340ebaa", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "p without a roster", reads: ["p"],
    want: { mode: "confirm-control", selected: "alpha", footer: "Pause session sa of alpha? y/n (n/Esc keeps it running)", screen: "387ea0d9f648", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "t opens the timeline", reads: ["t"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "eea8ce162cb6", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "H opens the history", reads: ["H"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "53c98659567e", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "d asks to hide", reads: ["d"],
    want: { mode: "browse", selected: "alpha", footer: "Hide this request from this console? y hides · any other key keeps it · alpha: …", prompt: "Hide this request from this console? y hides · any other key keeps it · alpha: Drop the table?", screen: "64e2bf762e8a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "Enter opens", reads: ["\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "97a47c44293a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "2 opens on option 2", reads: ["2"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 1, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "0aba1384bada", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "9 opens with no option 9", reads: ["9"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, hint: "No option 9: this request has 2.", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "18da5547a69c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "an unbound letter does nothing", reads: ["w"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "a paste is ignored", reads: ["\u001b[200~hello\u001b[201~"],
    want: { mode: "browse", selected: "alpha", notice: "Paste ignored: open a request first.", footer: "Paste ignored: open a request first.  j/k move · Enter open · 1-2 option · Spac…", prompt: "Paste ignored: open a request first. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "94a06c857c49", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "Tab does nothing", reads: ["\t"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "several keys in one read", reads: ["jjk"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7ae805609c70", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "browse", note: "a question opened with a digit", reads: ["1"], events: "question",
    want: { mode: "answer", selected: "delta", open: "delta", reply: "", highlight: 0, hint: "This request has no options: type a reply.", footer: "digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "071387c4777f", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "k from Reply to the last option", reads: ["\r","k"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "01a7c4050f95", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "k k to the first option", reads: ["\r","k","k","k"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kkk", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "4e6cf6e7318f", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "down past Reply stays", reads: ["\r","j"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "j", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "9b5ef6959263", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "an option sent with Enter", reads: ["\r","k","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "Enter on an empty Reply", reads: ["\r","\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, hint: "Type a reply first: Enter on an empty Reply sends nothing.", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "f05d88a389e6", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a reply typed and sent", reads: ["\r","h","i","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"text\":\"hi\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "a reply typed in one read and sent", reads: ["\r","hi there\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"text\":\"hi there\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "backspace edits the reply", reads: ["\r","hi",""],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "h", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "7f058c6a330a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "left and typing in the middle", reads: ["\r","ac","\u001b[D","b"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "abc", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "2be2f1ee122b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "q on the Reply row is text", reads: ["\r","q"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "q", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "285d2afa346f", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "y on the Reply row is text", reads: ["\r","y"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "y", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "723ae41bb3f1", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "q on an option row quits", reads: ["\r","k","q"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kq", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "b410be31b18d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "y on an option row copies the id", reads: ["\r","k","y"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "ky", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "26c42a2d3358", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a letter on an option row goes to Reply", reads: ["\r","k","w"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kw", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "01e18ce0ca1e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "Esc back to the list", reads: ["\r","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "Esc keeps the draft", reads: ["\r","draft","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "fa30978399e0", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "Esc then Enter opens the draft again", reads: ["\r","draft","\u001b","\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "draft", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "e76b179a1cfb", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "page down scrolls the detail", reads: ["\r","\u001b[6~"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "97a47c44293a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "? help from the answer, Esc back", reads: ["\r","?","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "fa30978399e0", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "? on the Reply row is text", reads: ["\r","x","?"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "x?", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "2f306be05028", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "ctrl-C quits", reads: ["\r","\u0003"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (k…", prompt: "↑/↓ 1-2 choose · Tab types digits · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "97a47c44293a", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "answer", note: "digit picks, Enter sends", reads: ["\r","2","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"option\":\"deny\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "digit and Enter in one read", reads: ["\r","1\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"option\":\"allow\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "Tab then digits are text", reads: ["\r","\t","12","\r"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"text\":\"12\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "Tab on an option row", reads: ["1","\t"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 2, footer: "every key is text (Tab) · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "ca89b526f987", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a paste on Reply", reads: ["\r","\u001b[200~pasted text\u001b[201~"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "pasted text", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "a6b21a54043a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a paste on an option row", reads: ["\r","k","\u001b[200~pasted\u001b[201~"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kpasted", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "7f6811b49697", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "one send per read: keys after the send dropped", reads: ["\r","k\rjj"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k jj", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "55c043484b2e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a question: digits are the reply", reads: ["\r","8080","\r"], events: "question",
    want: { mode: "browse", selected: "delta", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "ad0e6051fd43", effects: ["send"], sent: ["control.attention.respond {\"text\":\"8080\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: first Enter warns", reads: ["\r","k","\r"], roster: "nobody",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "f1330ca2c78e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: second Enter sends", reads: ["\r","k","\r","\r"], roster: "nobody",
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: Esc drops the warning", reads: ["\r","k","\r","\u001b"], roster: "nobody",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "807d9431f1dd", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "no live agent: a move drops the warning", reads: ["\r","k","\r","k"], roster: "nobody",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "kk", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "1882dbba7011", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "answer", note: "a live agent: Enter sends at once", reads: ["\r","k","\r"], roster: "fleet",
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "883bb854f710", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "the sent request opened again (sending)", reads: ["\r","k","\r","k","\r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "c52b841dc2f9", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "r while sending", reads: ["\r","k","\r","k","\r","r"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, hint: "Your answer (a text reply, given at 10:00:30 UTC) is on its way: no second answer is sent for this request.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "7da7d407b56c", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "a digit while sending", reads: ["\r","k","\r","k","\r","1"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "k", highlight: 2, hint: "Your answer (a text reply, given at 10:00:30 UTC) is on its way: no second answer is sent for this request.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "7da7d407b56c", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "Esc back from a locked one", reads: ["\r","k","\r","k","\r","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "499db9d74d2e", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "locked", note: "informational: opened", reads: ["\r"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "a6251fe94b8a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: a digit", reads: ["\r","1"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, hint: "Informational: this request is answered in the agent's own UI.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "2c3de88157b9", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: Enter", reads: ["\r","\r"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, hint: "Informational: this request is answered in the agent's own UI.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "2c3de88157b9", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: y copies", reads: ["\r","y"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, notice: "copied G001", footer: "copied G001  PgUp/PgDn scroll · Esc back to the list · ? help", prompt: "copied G001. PgUp/PgDn scroll · Esc back to the list · ? help", screen: "4e597f6b6e83", effects: ["copy"], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: page down", reads: ["\r","\u001b[6~"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "a6251fe94b8a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "informational: q quits", reads: ["\r","q"], events: "informational",
    want: { mode: "answer", selected: "foxtrot", open: "foxtrot", reply: "", highlight: 1, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "a6251fe94b8a", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "locked", note: "closed: opened from Recent", reads: ["G","\r"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "209ae1e57a9d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "closed: r", reads: ["G","\r","r"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, hint: "This request is closed.", footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "9ce7b48d735e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "closed: ? and back", reads: ["G","\r","?","\u001b"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "209ae1e57a9d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "locked", note: "a digit from the list on a closed one", reads: ["G","1"], events: "closed",
    want: { mode: "answer", selected: "golf", open: "golf", reply: "", highlight: 2, footer: "PgUp/PgDn scroll · Esc back to the list · ? help", screen: "209ae1e57a9d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "opened", reads: ["\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "2e6b11791a26", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "text typed in the first field", reads: ["\r","web"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "fc85f2fd4837", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Enter on an empty required field", reads: ["\r","\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "c88b58b3650b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Enter moves to the next field", reads: ["\r","web","\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "35cbdcbdfee0", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Tab to the next field, backTab back", reads: ["\r","\t","\u001b[Z"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "2e6b11791a26", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "down moves a field", reads: ["\r","\u001b[B"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "c88b58b3650b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "a number typed", reads: ["\r","web","\r","3"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "f7bdd9af5dcf", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "a number out of range", reads: ["\r","web","\r","30","\r"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "8665f0541062", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "boolean: y", reads: ["\r","web","\r","3","\r","y"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "28d07c0dea1b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "boolean: n then backspace unsets", reads: ["\r","web","\r","3","\r","n",""], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "25c67f4b6071", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "boolean: space toggles", reads: ["\r","web","\r","3","\r"," "], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "28d07c0dea1b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "select: down and space", reads: ["\r","web","\r","3","\r","y","\r","\u001b[B"," "], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc b…", prompt: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc back", screen: "23f0c53949eb", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "select: a digit picks that choice", reads: ["\r","web","\r","3","\r","y","\r","2"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc b…", prompt: "Tab/Shift-Tab field · ↑/↓ 1-2 choice · Space toggle · Enter next/Submit · Esc back", screen: "23f0c53949eb", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "select: a digit, Enter, Submit sends that choice", reads: ["\r","web","\r","3","\r","y","\r","2","\r","\r"], events: "form",
    want: { mode: "browse", selected: "echo", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "58631598f71a", effects: ["send"], sent: ["control.attention.respond {\"values\":{\"name\":\"web\",\"replicas\":3,\"staged\":true,\"env\":\"prod\"}}"], quits: 0 },
  },
  {
    scope: "form", note: "filled in and submitted", reads: ["\r","web","\r","3","\r","y","\r"," ","\r","\r"], events: "form",
    want: { mode: "browse", selected: "echo", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "58631598f71a", effects: ["send"], sent: ["control.attention.respond {\"values\":{\"name\":\"web\",\"replicas\":3,\"staged\":true,\"env\":\"stg\"}}"], quits: 0 },
  },
  {
    scope: "form", note: "q in a text field is text", reads: ["\r","q"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "04a155c35b4d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "? in a text field", reads: ["\r","?"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "476e0c44b220", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "Esc back keeps the draft", reads: ["\r","web","\u001b"], events: "form",
    want: { mode: "browse", selected: "echo", footer: "j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "f4627c190c28", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "page down", reads: ["\r","\u001b[6~"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "2e6b11791a26", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "ctrl-C", reads: ["\r","\u0003"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "2e6b11791a26", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "form", note: "a paste in a text field", reads: ["\r","\u001b[200~svc\u001b[201~"], events: "form",
    want: { mode: "answer", selected: "echo", open: "echo", reply: "", highlight: 0, footer: "Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back", screen: "c75ee011e748", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "space on the list: forms cannot be marked", reads: [" "], events: "form",
    want: { mode: "browse", selected: "echo", notice: "Forms cannot be marked: each is filled in on its own.", footer: "Forms cannot be marked: each is filled in on its own.  j/k move · Enter open · …", prompt: "Forms cannot be marked: each is filled in on its own. j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "667d6b204de5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "form", note: "* on the list: nothing can be marked", reads: ["*"], events: "form",
    want: { mode: "browse", selected: "echo", notice: "Nothing here can be marked: forms and informational requests are answered one by one, history from a file not at all.", footer: "Nothing here can be marked: forms and informational requests are answered one b…", prompt: "Nothing here can be marked: forms and informational requests are answered one by one, history from a file not at all. j/k move · Enter open · Space mark · / filter · ? help · q quit", screen: "d2f718163dd3", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "two marked, Enter opens the batch", reads: [" "," ","\r"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "88a200490a8c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "j moves the highlight", reads: [" "," ","\r","j"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "acb0527c4216", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "k moves up", reads: [" "," ","\r","j","k"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "78b871af0a13", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a digit picks", reads: [" "," ","\r","2"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "95e152d9f309", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a digit with no such option", reads: [" "," ","\r","7"],
    want: { mode: "batch", selected: "charlie", notice: "No option 7 is common to the marked requests (they share 2). Tab, then type, to reply with a digit.", footer: "No option 7 is common to the marked requests (they share 2). Tab, then type, to…", prompt: "No option 7 is common to the marked requests (they share 2). Tab, then type, to reply with a digit. ↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "80235b3cd137", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Enter on an option asks to confirm", reads: [" "," ","\r","\r"],
    want: { mode: "batch", selected: "charlie", notice: "Type a reply first: Enter on an empty Reply sends nothing.", footer: "Type a reply first: Enter on an empty Reply sends nothing.  ↑/↓ 1-2 choose · Ta…", prompt: "Type a reply first: Enter on an empty Reply sends nothing. ↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "2215da42a473", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "down to Reply, typed", reads: [" "," ","\r","j","j","ok"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "68ca69d8f98a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Tab types, digits are text", reads: [" "," ","\r","\t","12"],
    want: { mode: "batch", selected: "charlie", footer: "every key is text (Tab) · Enter send… · Esc back (marks stay)", screen: "8414d5863fac", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Enter on an empty Reply", reads: [" "," ","\r","j","j","\r"],
    want: { mode: "confirm-batch", selected: "charlie", footer: "Send \"jj\" to 2 requests? y/n", screen: "baa7a80a019c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "Esc back to the list, marks kept", reads: [" "," ","\r","\u001b"],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "1c1c3ea50752", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "? help and back", reads: [" "," ","\r","?","\u001b"],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "1c1c3ea50752", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "q quits", reads: [" "," ","\r","q"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "156ad8a2fce6", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "ctrl-C", reads: [" "," ","\r","\u0003"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "88a200490a8c", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "batch", note: "a paste on an option", reads: [" "," ","\r","\u001b[200~x\u001b[201~"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "d482dc485a94", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a paste on Reply", reads: [" "," ","\r","j","j","\u001b[200~pasted\u001b[201~"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "797fdc074a00", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "a digit from the list opens it on that option", reads: [" "," ","2"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "95e152d9f309", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "batch", note: "all marked with *, opened", reads: ["*","\r"],
    want: { mode: "batch", selected: "alpha", footer: "↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "84a8b9cecae1", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "y sends to every marked one", reads: [" "," ","\r","\r","y"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "384867c9b98d", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "Y sends too", reads: [" "," ","\r","2","\r","Y"],
    want: { mode: "browse", selected: "charlie", notice: "Sent \"Deny\" to 2 requests.", footer: "Sent \"Deny\" to 2 requests.  j/k move · Enter open · 1-2 option · Space mark · /…", prompt: "Sent \"Deny\" to 2 requests. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "72199e43991f", effects: ["send", "send"], sent: ["control.attention.respond {\"option\":\"deny\"}", "control.attention.respond {\"option\":\"deny\"}"], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "n goes back", reads: [" "," ","\r","\r","n"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "9f5786738608", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "Esc goes back", reads: [" "," ","\r","\r","\u001b"],
    want: { mode: "browse", selected: "charlie", footer: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-…", prompt: "2 marked: Enter/1-2 answer them · Esc clears marks · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "1c1c3ea50752", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "ctrl-C", reads: [" "," ","\r","\r","\u0003"],
    want: { mode: "batch", selected: "charlie", notice: "Type a reply first: Enter on an empty Reply sends nothing.", footer: "Type a reply first: Enter on an empty Reply sends nothing.  ↑/↓ 1-2 choose · Ta…", prompt: "Type a reply first: Enter on an empty Reply sends nothing. ↑/↓ 1-2 choose · Tab types digits · Enter send… · Esc back (marks stay)", screen: "2215da42a473", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-batch", note: "a reply sent to both", reads: [" "," ","\r","\t","ok","\r","y"],
    want: { mode: "browse", selected: "charlie", notice: "Sent \"ok\" to 2 requests.", footer: "Sent \"ok\" to 2 requests.  j/k move · Enter open · 1-2 option · Space mark · / f…", prompt: "Sent \"ok\" to 2 requests. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "de6cf8ed3c4b", effects: ["send", "send"], sent: ["control.attention.respond {\"text\":\"ok\"}", "control.attention.respond {\"text\":\"ok\"}"], quits: 0 },
  },
  {
    scope: "confirm-batch", note: "y and more keys in the same read", reads: [" "," ","\r","\r","yjj"],
    want: { mode: "batch", selected: "charlie", footer: "↑/↓ choose · digits are text · Enter send… · Esc back (marks stay)", screen: "7fcf159e9380", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "typed", reads: ["/","bravo"],
    want: { mode: "filter", selected: "bravo", footer: "/ filter: bravo   Enter keeps · Esc clears", prompt: "/ filter: bravo. Enter keeps · Esc clears", screen: "d5e64c7b5cfe", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "Enter keeps it", reads: ["/","bravo","\r"],
    want: { mode: "browse", selected: "bravo", footer: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / fil…", prompt: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0b5ab6dbbc2c", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "Esc clears it", reads: ["/","bravo","\u001b"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7ae805609c70", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "ctrl-C clears it", reads: ["/","bravo","\u0003"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7ae805609c70", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "kept, then Esc on the list clears it", reads: ["/","bravo","\r","\u001b"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7ae805609c70", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "nothing matches", reads: ["/","zzz","\r"],
    want: { mode: "browse", footer: "Esc clears the filter · j/k move · Enter open · 1-9 option · Space mark · / fil…", prompt: "Esc clears the filter · j/k move · Enter open · 1-9 option · Space mark · / filter · ? help · q quit", screen: "c27973e8f1c1", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "j and q are text there", reads: ["/","jq"],
    want: { mode: "filter", footer: "/ filter: jq   Enter keeps · Esc clears", prompt: "/ filter: jq. Enter keeps · Esc clears", screen: "ddf745bbe10a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "backspace", reads: ["/","bravo",""],
    want: { mode: "filter", selected: "bravo", footer: "/ filter: brav   Enter keeps · Esc clears", prompt: "/ filter: brav. Enter keeps · Esc clears", screen: "5a6f4f7ab1a3", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "a paste", reads: ["/","\u001b[200~char\u001b[201~"],
    want: { mode: "filter", selected: "charlie", footer: "/ filter: char   Enter keeps · Esc clears", prompt: "/ filter: char. Enter keeps · Esc clears", screen: "bd93c0a215f9", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "two words", reads: ["/","npm charlie","\r"],
    want: { mode: "browse", selected: "charlie", footer: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / fil…", prompt: "Esc clears the filter · j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "eea9103a5c05", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "filter", note: "a new / starts fresh", reads: ["/","bravo","\r","/"],
    want: { mode: "filter", selected: "bravo", footer: "/ filter:    Enter keeps · Esc clears", prompt: "/ filter:. Enter keeps · Esc clears", screen: "8327f11dbe95", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "j scrolls", reads: ["?","j","j"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "00270d6a9de5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "k at the top", reads: ["?","k"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "09c974dfd232", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "page down", reads: ["?","\u001b[6~"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "f3039362a30b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "ctrl-D", reads: ["?","\u0004"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "895d22d41867", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "Esc back", reads: ["?","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "any other key back", reads: ["?","x"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "? again back", reads: ["?","?"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "q back (not quit)", reads: ["?","q"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "help", note: "ctrl-C quits", reads: ["?","\u0003"],
    want: { mode: "help", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · any other key closes", screen: "09c974dfd232", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-quit", note: "q with a draft asks", reads: ["\r","draft","\u001b","q"],
    want: { mode: "confirm-quit", selected: "alpha", footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "f8dc3065fcd9", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "y quits", reads: ["\r","draft","\u001b","q","y"],
    want: { mode: "confirm-quit", selected: "alpha", footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "f8dc3065fcd9", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-quit", note: "n stays", reads: ["\r","draft","\u001b","q","n"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "fa30978399e0", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "ctrl-C quits", reads: ["\r","draft","\u001b","q","\u0003"],
    want: { mode: "confirm-quit", selected: "alpha", footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "f8dc3065fcd9", effects: ["quit"], sent: [], quits: 1 },
  },
  {
    scope: "confirm-quit", note: "asked from the answer", reads: ["\r","draft","\u001b[A","q"],
    want: { mode: "confirm-quit", selected: "alpha", open: "alpha", reply: "draft", highlight: 1, footer: "Quit? 1 unsent draft would be lost · y quits · any other key stays", screen: "1ce9bf9eef68", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "Esc back to the answer", reads: ["\r","draft","\u001b[A","q","\u001b"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "draft", highlight: 1, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "b72289975104", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-quit", note: "with a command in flight", reads: ["\r","k","\r","q"],
    want: { mode: "confirm-quit", selected: "bravo", footer: "Quit? 1 answer in flight: kept, sent next start · y quits · any other key stays", screen: "1c14e08528d2", effects: ["send"], sent: ["control.attention.respond {\"text\":\"k\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "x asks to cancel the run", reads: ["x"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel run r1 of alpha (session sa)? y/n (n/Esc keeps it running · Tab reason)", screen: "3876f10cec0e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "X asks to cancel the session", reads: ["X"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reaso…", prompt: "Cancel session sa of alpha (every run)? y/n (n/Esc keeps it running · Tab reason)", screen: "43841340ebaa", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "p asks to pause", reads: ["p"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Pause session sa of alpha? y/n (n/Esc keeps it running)", screen: "387ea0d9f648", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "y sends the cancel", reads: ["x","y"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Cancel of the run sent: the outcome shows on the session's rows.", footer: "Cancel of the run sent: the outcome shows on the session's rows.  j/k move · En…", prompt: "Cancel of the run sent: the outcome shows on the session's rows. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "ff7a62e3850c", effects: ["control"], sent: ["control.cancel \"run\"", "cancel {\"verb\":\"cancel\",\"scope\":\"run\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "n does not", reads: ["x","n"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "230523d2c5e5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "Esc does not", reads: ["x","\u001b"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "230523d2c5e5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "another key", reads: ["x","j"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "230523d2c5e5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "Tab asks for a reason", reads: ["x","\t"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Reason:    Enter sends · Esc keeps it running", prompt: "Reason:. Enter sends · Esc keeps it running", screen: "5c4470473f97", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "a reason typed", reads: ["x","\t","too risky"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Reason: too risky   Enter sends · Esc keeps it running", prompt: "Reason: too risky. Enter sends · Esc keeps it running", screen: "1c757ac8e4b7", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "a reason sent", reads: ["x","\t","too risky","\r"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Cancel of the run sent: the outcome shows on the session's rows.", footer: "Cancel of the run sent: the outcome shows on the session's rows.  j/k move · En…", prompt: "Cancel of the run sent: the outcome shows on the session's rows. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "ff7a62e3850c", effects: ["control"], sent: ["control.cancel \"run\"", "cancel {\"verb\":\"cancel\",\"scope\":\"run\",\"reason\":\"too risky\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "a reason abandoned", reads: ["x","\t","too","\u001b"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "230523d2c5e5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "ctrl-C in the reason", reads: ["x","\t","too","\u0003"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Nothing sent: it keeps running.", footer: "Nothing sent: it keeps running.  j/k move · Enter open · 1-2 option · Space mar…", prompt: "Nothing sent: it keeps running. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "230523d2c5e5", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "y and n are text in the reason", reads: ["x","\t","yn"], roster: "fleet",
    want: { mode: "confirm-control", selected: "alpha", footer: "Reason: yn   Enter sends · Esc keeps it running", prompt: "Reason: yn. Enter sends · Esc keeps it running", screen: "73982668519b", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "confirm-control", note: "p then y pauses", reads: ["p","y"], roster: "fleet",
    want: { mode: "browse", selected: "alpha", notice: "Pause sent: the outcome shows on the session's rows.", footer: "Pause sent: the outcome shows on the session's rows.  j/k move · Enter open · 1…", prompt: "Pause sent: the outcome shows on the session's rows. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "39eb4b382088", effects: ["control"], sent: ["control.pause \"\"", "pause {\"verb\":\"pause\"}"], quits: 0 },
  },
  {
    scope: "confirm-control", note: "x from a second row", reads: ["j","x"], roster: "fleet",
    want: { mode: "confirm-control", selected: "bravo", footer: "Cancel run r2 of bravo (session sb)? y/n (n/Esc keeps it running · Tab reason)", screen: "f0cb5bc24cf0", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "k", reads: ["t","k"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "eea8ce162cb6", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "j", reads: ["t","j"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "eea8ce162cb6", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "g and G", reads: ["t","g","G"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "eea8ce162cb6", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "page up", reads: ["t","\u001b[5~"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "eea8ce162cb6", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "Esc back", reads: ["t","\u001b"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "t back", reads: ["t","t"],
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "timeline", note: "q quits", reads: ["t","q"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "eea8ce162cb6", effects: ["fetch", "quit"], sent: [], quits: 1 },
  },
  {
    scope: "timeline", note: "an unbound key", reads: ["t","z"],
    want: { mode: "timeline", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "eea8ce162cb6", effects: ["fetch"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "j", reads: ["H","j"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "53c98659567e", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "G", reads: ["H","G"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "53c98659567e", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "Enter opens a decision", reads: ["H","\r"], history: true,
    want: { mode: "history", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "9a9e39152d1a", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "a decision: j scrolls", reads: ["H","\r","j"], history: true,
    want: { mode: "history", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "9a9e39152d1a", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "a decision: Esc back to the list of decisions", reads: ["H","\r","\u001b"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "53c98659567e", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "a decision: q", reads: ["H","\r","q"], history: true,
    want: { mode: "history", selected: "alpha", footer: "↑/↓ PgUp/PgDn scroll · Esc back", screen: "9a9e39152d1a", effects: ["readHistory", "quit"], sent: [], quits: 1 },
  },
  {
    scope: "history", note: "Esc back to the requests", reads: ["H","\u001b"], history: true,
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "H back to the requests", reads: ["H","H"], history: true,
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "223bcb01e4f2", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "/ filters", reads: ["H","/","codex"], history: true,
    want: { mode: "history", selected: "alpha", footer: "/ filter: codex   Enter keeps · Esc clears", prompt: "/ filter: codex. Enter keeps · Esc clears", screen: "9fea3d87ce46", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "/ filter kept", reads: ["H","/","codex","\r"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "b7e23446123b", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "/ filter, Esc", reads: ["H","/","codex","\u001b"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "53c98659567e", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "history", note: "q quits", reads: ["H","q"], history: true,
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "53c98659567e", effects: ["readHistory", "quit"], sent: [], quits: 1 },
  },
  {
    scope: "history", note: "empty", reads: ["H","j","\r"],
    want: { mode: "history", selected: "alpha", footer: "j/k move · Enter open · / filter · Esc back", screen: "b4028b95c05f", effects: ["readHistory"], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a on an option asks", reads: ["1","a"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-4 scope · y save and send · n back", screen: "f2bcb3d42b14", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a on the Reply row is text", reads: ["\r","a"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "a", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "e5e8185fa7d3", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "j moves the scope", reads: ["1","a","j"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-4 scope · y save and send · n back", screen: "76e461ad9d35", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "k moves the scope", reads: ["1","a","j","k"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-4 scope · y save and send · n back", screen: "f2bcb3d42b14", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a digit picks the scope", reads: ["1","a","2"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-4 scope · y save and send · n back", screen: "76e461ad9d35", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "a digit past the scopes", reads: ["1","a","4"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-4 scope · y save and send · n back", screen: "801bdb19f34f", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "y makes the rule and sends", reads: ["1","a","y"],
    want: { mode: "browse", selected: "bravo", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "7cb720f58638", effects: ["send"], sent: ["control.attention.respond {\"option\":\"allow\"}"], quits: 0 },
  },
  {
    scope: "always", note: "n goes back", reads: ["1","a","n"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "6d18d304c6fb", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "Esc goes back", reads: ["1","a","\u001b"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "6d18d304c6fb", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "an unbound key goes back", reads: ["1","a","z"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, footer: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · …", prompt: "↑/↓ 1-2 choose · Tab types digits · a always · Enter send · PgUp/PgDn scroll · Esc back (keeps draft) · ? help", screen: "6d18d304c6fb", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "always", note: "on the agent scope (no cause)", reads: ["1","a","3","y"],
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "", highlight: 0, hint: "Not for this request: its cause names no tool the console could read.", footer: "↑/↓ 1-4 scope · y save and send · n back", screen: "850498452934", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "y hides", reads: ["d","y"],
    want: { mode: "browse", selected: "bravo", notice: "Hidden from this console (the history records it; list and --file still show it); Z undoes.", footer: "Hidden from this console (the history records it; list and --file still show it…", prompt: "Hidden from this console (the history records it; list and --file still show it); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "07f14960df36", effects: ["hide"], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "n keeps", reads: ["d","n"],
    want: { mode: "browse", selected: "alpha", notice: "Kept: nothing hidden.", footer: "Kept: nothing hidden.  j/k move · Enter open · 1-2 option · Space mark · / filt…", prompt: "Kept: nothing hidden. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "f5d5cb4c9a10", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "Esc keeps", reads: ["d","\u001b"],
    want: { mode: "browse", selected: "alpha", notice: "Kept: nothing hidden.", footer: "Kept: nothing hidden.  j/k move · Enter open · 1-2 option · Space mark · / filt…", prompt: "Kept: nothing hidden. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "f5d5cb4c9a10", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "any key keeps", reads: ["d","j"],
    want: { mode: "browse", selected: "alpha", notice: "Kept: nothing hidden.", footer: "Kept: nothing hidden.  j/k move · Enter open · 1-2 option · Space mark · / filt…", prompt: "Kept: nothing hidden. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "f5d5cb4c9a10", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "hidden, then the next", reads: ["d","y","d","y"],
    want: { mode: "browse", selected: "charlie", notice: "Hidden from this console (the history records it; list and --file still show it); Z undoes.", footer: "Hidden from this console (the history records it; list and --file still show it…", prompt: "Hidden from this console (the history records it; list and --file still show it); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "0c38553db981", effects: ["hide", "hide"], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "on a second row", reads: ["j","d","y"],
    want: { mode: "browse", selected: "charlie", notice: "Hidden from this console (the history records it; list and --file still show it); Z undoes.", footer: "Hidden from this console (the history records it; list and --file still show it…", prompt: "Hidden from this console (the history records it; list and --file still show it); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "f6c84daef8d2", effects: ["hide"], sent: [], quits: 0 },
  },
  {
    scope: "hide", note: "y then Z shows it again", reads: ["d","y","Z"],
    want: { mode: "browse", selected: "bravo", notice: "Shown again (alpha: Drop the table?).", footer: "Shown again (alpha: Drop the table?).  j/k move · Enter open · 1-2 option · Spa…", prompt: "Shown again (alpha: Drop the table?). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "8cd30f176ff4", effects: ["hide", "unhide"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "z sets the selected aside", reads: ["z"],
    want: { mode: "browse", selected: "bravo", notice: "Snoozed for 10 minutes (back sooner if it changes, or at its last call); Z undoes.", footer: "Snoozed for 10 minutes (back sooner if it changes, or at its last call); Z undo…", prompt: "Snoozed for 10 minutes (back sooner if it changes, or at its last call); Z undoes. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "00c4183e8599", effects: ["snooze"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "z then Z brings it back", reads: ["z","Z"],
    want: { mode: "browse", selected: "bravo", notice: "Back from snooze (alpha: Drop the table?).", footer: "Back from snooze (alpha: Drop the table?).  j/k move · Enter open · 1-2 option …", prompt: "Back from snooze (alpha: Drop the table?). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "e7bed5923e76", effects: ["snooze"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "Z on the snoozed row brings that one back", reads: ["z","j","z","G","Z"],
    want: { mode: "browse", selected: "charlie", notice: "Back from snooze (charlie: npm publish).", footer: "Back from snooze (charlie: npm publish).  j/k move · Enter open · 1-2 option · …", prompt: "Back from snooze (charlie: npm publish). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "890097ecf00d", effects: ["snooze", "snooze"], sent: [], quits: 0 },
  },
  {
    scope: "snooze", note: "Z with nothing to undo", reads: ["Z"],
    want: { mode: "browse", selected: "alpha", notice: "Nothing to undo: no snooze or hide in this run (H lists earlier hides; Z there undoes one).", footer: "Nothing to undo: no snooze or hide in this run (H lists earlier hides; Z there …", prompt: "Nothing to undo: no snooze or hide in this run (H lists earlier hides; Z there undoes one). j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "6119bbe4e76a", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "A asks", reads: ["A"], config: "rules",
    want: { mode: "browse", selected: "alpha", notice: "Let the rules answer what they match (AUTO)? y/n", footer: "Let the rules answer what they match (AUTO)? y/n  j/k move · Enter open · 1-2 o…", prompt: "Let the rules answer what they match (AUTO)? y/n. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "3efcb188ecd0", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "y turns AUTO on", reads: ["A","y"], config: "rules",
    want: { mode: "browse", selected: "alpha", notice: "AUTO: the rules answer what they match.", footer: "AUTO: the rules answer what they match.  j/k move · Enter open · 1-2 option · S…", prompt: "AUTO: the rules answer what they match. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "4470d9d43d5e", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "n does not", reads: ["A","n"], config: "rules",
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "c524edab87d1", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "another key does not", reads: ["A","j"], config: "rules",
    want: { mode: "browse", selected: "alpha", footer: "j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "c524edab87d1", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "A again turns it off", reads: ["A","y","A"], config: "rules",
    want: { mode: "browse", selected: "alpha", notice: "AUTO off: the rules only suggest.", footer: "AUTO off: the rules only suggest.  j/k move · Enter open · 1-2 option · Space m…", prompt: "AUTO off: the rules only suggest. j/k move · Enter open · 1-2 option · Space mark · / filter · ? help · q quit", screen: "d1028c64caa4", effects: [], sent: [], quits: 0 },
  },
  {
    scope: "auto", note: "from the answer: A is text on Reply", reads: ["\r","A"], config: "rules",
    want: { mode: "answer", selected: "alpha", open: "alpha", reply: "A", highlight: 2, footer: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps …", prompt: "↑/↓ choose · digits are text · Enter send · PgUp/PgDn scroll · Esc back (keeps draft)", screen: "5dcba46117c4", effects: [], sent: [], quits: 0 },
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
