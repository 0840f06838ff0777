const colours = new Map<string, string>();

/**
 * The highlight of an entity in training phrases: a random light hue (§9), the same for the whole
 * session so that one entity always looks the same wherever it appears.
 */
export function entityColour(entity: string): string {
  let colour = colours.get(entity);
  if (!colour) {
    colour = `hsl(${Math.floor(Math.random() * 360)}, 75%, 82%)`;
    colours.set(entity, colour);
  }
  return colour;
}

/** System entities offered for tagging beside the app's own. */
export const SYSTEM_ENTITIES = ['@sys.any', '@sys.date', '@sys.time', '@sys.number', '@sys.email', '@sys.phone-number', '@sys.geo-city', '@sys.url'];
