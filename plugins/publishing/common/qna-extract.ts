/**
 * Q&A generator without an LLM: candidate question/answer pairs from a document's structure —
 * question-like headings with the text under them, Q:/A: FAQ lists, lines ending in "?" followed by
 * their answer, and definition lists (HTML <dl>, Markdown "term\n: definition"). Pure string work,
 * so the browser and the server share it.
 */
export type SourceFormat = 'text' | 'markdown' | 'html';

export interface Candidate {
  question: string;
  answer: string;
  /** Which structure it came from, shown in the review. */
  from: 'heading' | 'faq' | 'question-line' | 'definition';
}

const QUESTION_START = /^(who|what|when|where|why|how|which|can|could|do|does|did|is|are|was|will|would|should|may|must|am|have|has)\b/i;

export function isQuestionLike(text: string): boolean {
  const t = text.trim();
  return t.length >= 4 && (t.endsWith('?') || QUESTION_START.test(t));
}

export function formatOf(fileName: string, content: string): SourceFormat {
  if (/\.(html?|xhtml)$/i.test(fileName) || /^\s*(<!doctype html|<html|<body|<div|<h[1-6]|<p>|<dl>)/i.test(content)) return 'html';
  if (/\.(md|markdown)$/i.test(fileName) || /^#{1,6}\s/m.test(content)) return 'markdown';
  return 'text';
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', mdash: '—', ndash: '–', hellip: '…' };
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (all, name: string) => named[name.toLowerCase()] ?? all);
}

/** A line htmlToMarkdown puts where a definition list or an accordion item ends: its last answer ends there. */
export const BLOCK_END = '\u241E';

/**
 * HTML → Markdown-ish lines: headings keep their level, dt/dd become "term\n: definition", an
 * accordion's summary a heading, the end of a definition list or accordion item a BLOCK_END line;
 * scripts and styles go.
 */
export function htmlToMarkdown(html: string): string {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/(dl|details)\s*>/gi, `\n${BLOCK_END}\n`)
    .replace(/<(script|style|noscript|template|nav|footer|header)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi, (_, level: string, inner: string) => `\n${'#'.repeat(Number(level))} ${inner.replace(/<[^>]+>/g, ' ')}\n`)
    .replace(/<dt\b[^>]*>([\s\S]*?)<\/dt>/gi, (_, inner: string) => `\n${inner.replace(/<[^>]+>/g, ' ')}\n`)
    .replace(/<dd\b[^>]*>([\s\S]*?)<\/dd>/gi, (_, inner: string) => `: ${inner.replace(/<[^>]+>/g, ' ')}\n`)
    .replace(/<summary\b[^>]*>([\s\S]*?)<\/summary>/gi, (_, inner: string) => `\n###### ${inner.replace(/<[^>]+>/g, ' ')}\n`)
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<(br|\/p|\/div|\/li|\/tr|\/section|\/article|\/details)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities(body)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n');
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const stripMarkdown = (text: string) => clean(text.replace(/\*\*|__|`/g, '').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1'));

/** The next non-empty line after line i (trimmed), or ''. */
function nextLine(lines: string[], i: number): string {
  for (let j = i + 1; j < lines.length; j += 1) if (lines[j].trim() !== '') return lines[j].trim();
  return '';
}

function fromLines(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  let current: { question: string; level: number; from: Candidate['from']; answer: string[] } | null = null;
  const flush = () => {
    if (current && current.answer.join(' ').trim()) out.push({ question: stripMarkdown(current.question), answer: stripMarkdown(current.answer.join('\n')), from: current.from });
    current = null;
  };
  for (let i = 0; i < lines.length; i += 1) {
    // Numbered questions ("1. How do I…?", "2) When…?") without their numbers.
    const line = lines[i].trim().replace(/^\d{1,3}[.)]\s+(?=\S.*\?$)/, '');
    if (line === BLOCK_END) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      if (current && current.from === 'heading' && level > current.level && !isQuestionLike(heading[2])) {
        current.answer.push(stripMarkdown(heading[2]));
        continue;
      }
      flush();
      if (isQuestionLike(heading[2])) current = { question: heading[2], level, from: 'heading', answer: [] };
      continue;
    }
    const faq = /^(?:\*\*)?q(?:uestion)?\s*[:.)]\s*(.+?)(?:\*\*)?$/i.exec(line);
    if (faq) {
      flush();
      current = { question: faq[1], level: 7, from: 'faq', answer: [] };
      continue;
    }
    const answer = /^(?:\*\*)?a(?:nswer)?\s*[:.)](?:\*\*)?\s*(.*)$/i.exec(line);
    if (answer && current?.from === 'faq') {
      current.answer.push(answer[1]);
      continue;
    }
    const definition = /^:\s+(.+)$/.exec(line);
    if (definition) {
      const term = [...lines.slice(0, i)].reverse().find((l) => l.trim() !== '')?.trim() ?? '';
      if (current?.from === 'definition' && current.question === term) current.answer.push(definition[1]);
      else {
        if (current && current.question === term) current = null;
        else flush();
        if (term && !term.startsWith('#')) current = { question: term, level: 7, from: 'definition', answer: [definition[1]] };
      }
      continue;
    }
    if (line === '') {
      if (current?.from === 'question-line' && current.answer.length) flush();
      continue;
    }
    if (line.endsWith('?') && !line.startsWith('-') && line.length <= 300 && (!current || current.from !== 'heading' || current.answer.length > 0)) {
      const next = nextLine(lines, i);
      if (next && !next.endsWith('?') && !next.startsWith('#') && !next.startsWith(':')) {
        flush();
        current = { question: line, level: 7, from: 'question-line', answer: [] };
        continue;
      }
    }
    // A definition list's term: its definition follows; it is no part of the answer before it.
    if (/^:\s+/.test(nextLine(lines, i))) {
      flush();
      continue;
    }
    if (current) current.answer.push(line.replace(/^- /, '• '));
  }
  flush();
  return out;
}

/** Candidates from a document; duplicates (same question, case-insensitive) keep the first. */
export function extractCandidates(content: string, format: SourceFormat): Candidate[] {
  const markdown = format === 'html' ? htmlToMarkdown(content) : content.replace(/\r\n?/g, '\n');
  const seen = new Set<string>();
  return fromLines(markdown.split('\n')).filter((candidate) => {
    const key = candidate.question.toLowerCase();
    if (!candidate.question || !candidate.answer || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
