// Part of the ink-caches plugin: the joined text of a <Text> is kept on its
// node and forgotten whenever anything joining reads changes
// (patches/squash-cache.ts says why and how). Here: squash-text-nodes.js
// asks the kept text first; dom.js and the reconciler forget it at each of
// their edits of a node.
import { patchModule, replaceAnchor } from './patching.mjs';

const SQUASH = 'const squashTextNodes = (node) => {';
const DOM_EDITS = [
  'export const appendChildNode = (node, childNode) => {',
  'export const insertBeforeNode = (node, newChildNode, beforeChildNode) => {',
  'export const removeChildNode = (node, removeNode) => {',
  'export const setAttribute = (node, key, value) => {',
  'export const setTextNodeValue = (node, text) => {',
];
/** A restyle: the reconciler sets a node's transform when it makes the node, and when it updates it. */
const TRANSFORM = 'node.internal_transform = value;';
const FORGET = `import { forgetSquashed as aepForgetSquashed } from ${patchModule('squash-cache')};\n`;

export function patchSquash(source) {
  const changed = "Ink's squash-text-nodes changed: the squash cache no longer applies";
  replaceAnchor(source, 'nodeText = squashTextNodes(childNode);', (same) => same, changed);
  // Ink's joining is renamed, and the name it recurses by asks the kept text first.
  const patched = replaceAnchor(
    source,
    SQUASH,
    () => 'const squashTextNodes = (node) => aepSquashedOnce(node, aepSquash);\nconst aepSquash = (node) => {',
    changed,
  );
  return `import { squashedOnce as aepSquashedOnce } from ${patchModule('squash-cache')};\n${patched}`;
}

export function patchDom(source) {
  const changed = "Ink's dom changed: the squash cache no longer applies";
  const patched = DOM_EDITS.reduce(
    (text, edit) => replaceAnchor(text, edit, () => `${edit}\n    aepForgetSquashed(node);`, changed),
    source,
  );
  return `${FORGET}${patched}`;
}

export function patchReconciler(source) {
  const changed = "Ink's reconciler changed: the squash cache no longer applies";
  const patched = replaceAnchor(
    source,
    TRANSFORM,
    () => `${TRANSFORM}\n                aepForgetSquashed(node);`,
    changed,
    2,
  );
  return `${FORGET}${patched}`;
}
