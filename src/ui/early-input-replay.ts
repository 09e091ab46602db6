/**
 * The replay half of early input (index.html's inline `#early-input` script holds taps and form
 * submits made between the first paint and the moment the app takes over; docs/architecture.md «Taps
 * before the app is ready»). Once the app has drawn the same page, each held input is sent again to the
 * element at the same place: the same position under #root, the same tag and the same accessible name,
 * so a changed page never receives a tap meant for something else.
 */

interface HeldInput {
  readonly kind: 'click' | 'submit';
  /** Child indexes from #root down to the element. */
  readonly path: readonly number[];
  readonly tag: string;
  /** aria-label or text content, whitespace collapsed, at most 80 characters. */
  readonly name: string;
}

declare global {
  interface Window {
    /** The held inputs; null once replayed (the inline script then stops holding). */
    __earlyInput?: unknown;
  }
}

function isHeldInput(value: unknown): value is HeldInput {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    (entry.kind === 'click' || entry.kind === 'submit') &&
    Array.isArray(entry.path) &&
    entry.path.every((index) => Number.isSafeInteger(index) && (index as number) >= 0) &&
    typeof entry.tag === 'string' &&
    typeof entry.name === 'string'
  );
}

/** The accessible name the inline script recorded, computed the same way. */
function heldName(element: Element): string {
  const name = element.getAttribute('aria-label') || (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return name.slice(0, 80);
}

/** The element at `path` under `root`, or null when the page has no such place. */
function elementAt(root: Element, path: readonly number[]): Element | null {
  let node: Element | null = root;
  for (const index of path) {
    node = node?.children.item(index) ?? null;
    if (node === null) return null;
  }
  return node;
}

/** Child indexes from `root` down to `element` (the inline script's `pathOf`). */
function pathOf(root: Element, element: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = element;
  while (node !== null && node !== root) {
    const parent: Element | null = node.parentElement;
    if (parent === null) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node === root ? path : null;
}

function commonSuffix(a: readonly number[], b: readonly number[]): number {
  let length = 0;
  while (length < a.length && length < b.length && a[a.length - 1 - length] === b[b.length - 1 - length]) {
    length += 1;
  }
  return length;
}

/**
 * Where a held input goes: the element at the same place if it is the same control; else, when something
 * the server could not draw (the city banner, a storage-based badge) was inserted above it and moved it,
 * the one control of the same tag and name whose position below the change is the same (the longest
 * common tail of the path, and no tie). Null when there is no such control.
 */
function findHeldTarget(root: Element, entry: HeldInput): Element | null {
  const same = (element: Element | null) =>
    element !== null && element.tagName === entry.tag && heldName(element) === entry.name;
  const direct = elementAt(root, entry.path);
  if (same(direct)) return direct;
  let best: Element | null = null;
  let bestLength = 0;
  let tie = false;
  for (const candidate of root.querySelectorAll(entry.tag)) {
    if (!same(candidate)) continue;
    const length = commonSuffix(pathOf(root, candidate) ?? [], entry.path);
    if (length > bestLength) {
      best = candidate;
      bestLength = length;
      tie = false;
    } else if (length === bestLength) tie = true;
  }
  return tie ? null : best;
}

/**
 * Takes the held inputs (so the inline script stops holding) and replays those whose element is still
 * there; returns how many were replayed and how many were dropped.
 */
export function replayEarlyInput(win: Window, root: Element | null): { replayed: number; dropped: number } {
  const held = win.__earlyInput;
  win.__earlyInput = null;
  if (!Array.isArray(held) || root === null) return { replayed: 0, dropped: 0 };
  let replayed = 0;
  let dropped = 0;
  for (const entry of held) {
    const element = isHeldInput(entry) ? findHeldTarget(root, entry) : null;
    if (!isHeldInput(entry) || element === null) {
      dropped += 1;
      continue;
    }
    if (entry.kind === 'submit' && element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
    else {
      dropped += 1;
      continue;
    }
    replayed += 1;
  }
  return { replayed, dropped };
}
