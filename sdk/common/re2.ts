import { RE2JS, RE2JSSyntaxException } from 're2js';

/** §5: entity regular expressions use Google RE2 syntax; checked with a real RE2 (re2js) on both tiers. */
export type Re2Check = { ok: true } | { ok: false; message: string; /** 0-based index into the pattern. */ position: number };

/** Compiles `pattern` as RE2; on a syntax error, says what is wrong and where (0-based). */
export function checkRe2(pattern: string): Re2Check {
  try {
    RE2JS.compile(pattern);
    return { ok: true };
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) {
      const description = error.getDescription();
      return { ok: false, message: `Invalid RE2 regular expression: ${description}`, position: errorPosition(pattern, description, error.getPattern()) };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Invalid RE2 regular expression: ${message}`, position: 0 };
  }
}

/**
 * RE2 names the offending fragment, not its index: a missing closing bracket names the whole
 * pattern (the error is at its end), a trailing backslash names nothing (the last character),
 * anything else is where the fragment first appears.
 */
function errorPosition(pattern: string, description: string, fragment: string | null): number {
  if (description.startsWith('missing closing')) return pattern.length;
  if (fragment === null || fragment === '') return Math.max(0, pattern.length - 1);
  const at = pattern.indexOf(fragment);
  return at < 0 ? 0 : at;
}

const compiled = new Map<string, RE2JS | null>();
const CACHE_LIMIT = 2000;

/** A compiled RE2 pattern, or null when it does not compile. Cached: the engine calls this per message. */
export function compileRe2(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern) ?? null;
  let re: RE2JS | null;
  try {
    re = RE2JS.compile(pattern);
  } catch {
    re = null;
  }
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, re);
  return re;
}
