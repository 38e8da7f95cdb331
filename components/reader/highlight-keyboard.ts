// The keyboard path to a highlight: the selection is walked and extended with Selection.modify, kept
// inside the article. Arrows move it (left/right by word, up/down by sentence); with Shift they
// extend it. Enter saves, Escape leaves.

type Move = { alter: "move" | "extend"; direction: "forward" | "backward"; granularity: "word" | "sentence" };

/** What an arrow key does to the selection, or null for any other key. */
export function moveForKey(key: string, shift: boolean): Move | null {
  const alter = shift ? "extend" : "move";
  switch (key) {
    case "ArrowRight":
      return { alter, direction: "forward", granularity: "word" };
    case "ArrowLeft":
      return { alter, direction: "backward", granularity: "word" };
    case "ArrowDown":
      return { alter, direction: "forward", granularity: "sentence" };
    case "ArrowUp":
      return { alter, direction: "backward", granularity: "sentence" };
    default:
      return null;
  }
}

/** Selects the first word of `root`, unless the selection is inside it already. */
export function startSelection(root: HTMLElement, selection: Selection): void {
  if (
    selection.rangeCount > 0 &&
    !selection.isCollapsed &&
    root.contains(selection.getRangeAt(0).commonAncestorContainer)
  )
    return;
  selection.removeAllRanges();
  const range = document.createRange();
  range.setStart(root, 0);
  range.collapse(true);
  selection.addRange(range);
  selection.modify("extend", "forward", "word");
}

/** The same range with its focus at the end, so that Shift+arrows extend it at its end. */
function forwards(selection: Selection): void {
  if (selection.rangeCount === 0) return;
  const range = selection.getRangeAt(0);
  selection.setBaseAndExtent(range.startContainer, range.startOffset, range.endContainer, range.endOffset);
}

/**
 * Applies a move. "move" selects the next (or previous) word or sentence; "extend" grows or shrinks
 * the selection at its end. A step that would leave the article is undone.
 */
export function applyMove(root: HTMLElement, selection: Selection, move: Move): void {
  if (selection.rangeCount === 0) return;
  const before = selection.getRangeAt(0).cloneRange();
  if (move.alter === "move") {
    if (move.direction === "forward") selection.collapseToEnd();
    else selection.collapseToStart();
    selection.modify("move", move.direction, move.granularity);
    selection.modify("extend", move.direction === "forward" ? "backward" : "forward", move.granularity);
    forwards(selection);
  } else {
    selection.modify("extend", move.direction, move.granularity);
  }
  const after = selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  if (!after || after.collapsed || !root.contains(after.startContainer) || !root.contains(after.endContainer)) {
    selection.removeAllRanges();
    selection.addRange(before);
  }
}
