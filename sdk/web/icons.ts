/**
 * Blueprint icons as components (`<CogIcon />`), each carrying only its own paths. Prefer these
 * to icon names as strings: a string name makes Blueprint fetch the chunk with every icon's paths.
 */
export * from '@blueprintjs/icons';
