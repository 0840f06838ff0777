import type { IntentKind } from '../contract/common/knowledge/index';

export type EditorMode = 'view' | 'edit' | 'create';

/** The detail page of an intent (/intent/…) or a Q&A pair (/QandA/…), mode in the URL (§2). */
export function editorPath(appId: string, kind: IntentKind, mode: EditorMode, intentId?: string): string {
  const base = kind === 'qna' ? '/QandA' : '/intent';
  return `${base}/${encodeURIComponent(appId)}/${mode}${intentId ? `/${encodeURIComponent(intentId)}` : ''}`;
}

export function isMode(value: string | undefined): value is EditorMode {
  return value === 'view' || value === 'edit' || value === 'create';
}
