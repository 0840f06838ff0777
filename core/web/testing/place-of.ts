/**
 * An element's place in the page: each ancestor's tag and sorted classes, from the nearest one with
 * class `root` down to the element — what a static shell and the console must agree on for the shell's
 * text to stay where it painted.
 */
export function placeOf(element: Element | null, root: string): string[] {
  const place: string[] = [];
  for (let at = element; at; at = at.parentElement) {
    place.unshift(`${at.tagName.toLowerCase()}.${[...at.classList].sort().join('.')}`);
    if (at.classList.contains(root)) break;
  }
  return place;
}
