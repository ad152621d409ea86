// Ink's squash-text-nodes, dom and reconciler, patched (scripts/ink-squash-cache.mjs).
// Ink joins a <Text> and the texts nested in it into one string, applying
// each nested text's style (its transform) as it goes. It does so for every
// text on screen, every frame, changed or not, and again when it measures
// them for layout: for the console's rows (a dozen styled runs each) about a
// quarter of a millisecond a frame. Here the joined string is kept on the
// node and forgotten, on the node and every node above it, whenever
// anything that joining reads changes: a child added, moved or removed, a
// text's value, a transform (a restyle), an attribute. Those are all the
// ways Ink's reconciler changes a node, so a kept string is always the one
// joining would make (test/build/ink-patches.test.ts draws frame sequences
// both ways and compares them byte for byte).

/** An Ink DOM node, as far as the kept string goes. */
export interface SquashedNode {
  parentNode?: SquashedNode;
  aepSquashed?: string;
}

/** The node's joined text: kept on it, joined by `squash` when it is not. */
export function squashedOnce<N extends SquashedNode>(node: N, squash: (node: N) => string): string {
  if (node.aepSquashed === undefined) node.aepSquashed = squash(node);
  return node.aepSquashed;
}

/** Forgets the joined text of the node and of every node above it. */
export function forgetSquashed(node: SquashedNode): void {
  for (let at: SquashedNode | undefined = node; at !== undefined; at = at.parentNode) at.aepSquashed = undefined;
}
