// Part of the ink-caches plugin: Ink joins a <Text> and the texts nested in
// it into one string (squash-text-nodes.js), applying each nested text's
// style (its transform) as it goes. It does so for every text on screen,
// every frame, changed or not, and again when it measures them for layout:
// for the console's rows (a dozen styled runs each) about a quarter of a
// millisecond a frame. Here the joined string is kept on the node and
// forgotten, on the node and every node above it, whenever anything that
// joining reads changes: a child added, moved or removed, a text's value, a
// transform (a restyle), an attribute. Those are all the ways Ink's
// reconciler changes a node (dom.js, reconciler.js), so a kept string is
// always the one joining would make (test/build/ink-patches.test.ts draws
// frame sequences both ways and compares them byte for byte).

const SQUASH = 'const squashTextNodes = (node) => {';
const DOM_EDITS = [
  'export const appendChildNode = (node, childNode) => {',
  'export const insertBeforeNode = (node, newChildNode, beforeChildNode) => {',
  'export const removeChildNode = (node, removeNode) => {',
  'export const setAttribute = (node, key, value) => {',
  'export const setTextNodeValue = (node, text) => {',
];
const TRANSFORM = 'node.internal_transform = value;';
const DOM_IMPORT = "} from './dom.js';";

export function patchSquash(source) {
  if (!source.includes(SQUASH) || !source.includes('nodeText = squashTextNodes(childNode);')) throw new Error("Ink's squash-text-nodes changed: the squash cache no longer applies");
  return source.replace(
    SQUASH,
    `const squashTextNodes = (node) => {
    if (node.aepSquashed === undefined) node.aepSquashed = aepSquash(node);
    return node.aepSquashed;
};
const aepSquash = (node) => {`,
  );
}

export function patchDom(source) {
  if (!DOM_EDITS.every((edit) => source.includes(edit))) throw new Error("Ink's dom changed: the squash cache no longer applies");
  let patched = `${source}\n/** Forgets the joined text of the node and of every node above it. */\nexport const aepTouch = (node) => {\n    for (let at = node; at !== undefined; at = at.parentNode) at.aepSquashed = undefined;\n};\n`;
  for (const edit of DOM_EDITS) patched = patched.replace(edit, `${edit}\n    aepTouch(node);`);
  return patched;
}

export function patchReconciler(source) {
  if (!source.includes(TRANSFORM) || source.indexOf(DOM_IMPORT) === -1) throw new Error("Ink's reconciler changed: the squash cache no longer applies");
  return source.replace(DOM_IMPORT, `aepTouch, ${DOM_IMPORT}`).replaceAll(TRANSFORM, `${TRANSFORM}\n                aepTouch(node);`);
}
