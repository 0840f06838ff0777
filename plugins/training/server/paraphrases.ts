import type { LlmMessage } from '../../credential-llm/contract/server/llm-chat';
import { PARAPHRASE_MAX_CHARS } from '../common/api';
import { maskPersonalData } from '../common/personal-data';
import { questionKey } from './assistant';

/** The intent's phrases shown to the provider as examples, at most. */
const EXAMPLES = 20;
/** Asked for a few more than wanted: some come back as phrases the app already has. */
const SPARE = 2;
/** More of a model's answer than this is not read. */
const MAX_CONTENT = 20_000;
const BULLET = /^\s*(?:[-*•·]|\d{1,2}[.)]|\(\d{1,2}\))\s+/;

export const paraphrasesToAsk = (count: number) => count + SPARE;
export const paraphraseTokens = (count: number) => paraphrasesToAsk(count) * 48 + 64;

/** The chat: the intent's name and phrases (those with personal data left out), and the answer's shape. */
export function paraphrasePrompt(intentName: string, phrases: readonly string[], count: number): LlmMessage[] {
  const examples = phrases.filter((p) => !maskPersonalData(p).masked).slice(0, EXAMPLES).map((p) => `- ${p.slice(0, PARAPHRASE_MAX_CHARS)}`);
  const wanted = paraphrasesToAsk(count);
  return [
    {
      role: 'system',
      content:
        'You write training phrases for a public-service chatbot: each phrase is one way a member of the public might type a question or request. ' +
        'Answer with a JSON array of strings and nothing else.',
    },
    {
      role: 'user',
      content: [
        `Intent: ${JSON.stringify(intentName)}`,
        examples.length > 0 ? `Its training phrases:\n${examples.join('\n')}` : 'It has no training phrases yet.',
        `Write ${wanted} new phrases that ask for the same thing, each worded differently from the phrases above and from each other: ` +
          'everyday words, under 20 words, in the language of the phrases, with no names, emails, phone or ID numbers. ' +
          `Answer with a JSON array of ${wanted} strings.`,
      ].join('\n\n'),
    },
  ];
}

/** The strings of a JSON array, or of the first array in a JSON object ({"phrases": [...]}); undefined for anything else. */
function stringsOf(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (value && typeof value === 'object') {
    const list = Object.values(value).find(Array.isArray);
    return list ? stringsOf(list) : undefined;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the model wrote, as candidate phrases: a JSON array (fenced or inside prose, or an object holding one), else its listed lines (or all, when more than one). */
export function candidatePhrases(content: string): string[] {
  const text = content.slice(0, MAX_CONTENT).replace(/```[a-z]*/gi, '').trim();
  const whole = stringsOf(parseJson(text));
  if (whole) return whole;
  const [open, close] = [text.indexOf('['), text.lastIndexOf(']')];
  const inner = open >= 0 && close > open ? stringsOf(parseJson(text.slice(open, close + 1))) : undefined;
  if (inner) return inner;
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.endsWith(':'));
  const listed = lines.filter((line) => BULLET.test(line));
  if (listed.length > 0) return listed;
  // One line of prose is an answer, not a list ("I cannot help with that.").
  return lines.length > 1 ? lines : [];
}

const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const QUOTES = /^["'“”‘’`]+|["'“”‘’`,]+$/g;

/** One candidate as plain text: no markup, numbering, quotes or invisible characters; undefined when nothing fit is left. */
export function cleanPhrase(raw: string): string | undefined {
  const text = raw
    .normalize('NFC')
    .replace(INVISIBLE, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\*\*|__|`/g, '')
    .replace(BULLET, '')
    .trim()
    .replace(QUOTES, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length < 3 || text.length > PARAPHRASE_MAX_CHARS) return undefined;
  if (!/[\p{L}\p{N}]/u.test(text) || /[<>]/.test(text)) return undefined;
  if (maskPersonalData(text).masked) return undefined;
  return text;
}

/**
 * The model's answer as at most `count` new phrases: cleaned, without personal data, none the app
 * already has (in any intent, however typed) and none twice.
 */
export function paraphrasesFrom(content: string, existing: Iterable<string>, count: number): string[] {
  const seen = new Set([...existing].map(questionKey));
  const kept: string[] = [];
  for (const candidate of candidatePhrases(content)) {
    const text = cleanPhrase(candidate);
    if (!text) continue;
    const key = questionKey(text);
    if (key.length < 3 || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
    if (kept.length === count) break;
  }
  return kept;
}
