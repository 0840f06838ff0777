import { validateDto } from '@civic/sdk/common/validation';
import { contrastProblems } from '../common/contrast';
import { WebChatSettingsDto } from '../common/webchat-settings.dto';
import { ENVIRONMENT_OVERRIDES, WEBCHAT_FIELDS, type WebChatSettings, type WebChatSettingsField } from '../common/webchat-settings';

export type FieldKind = 'text' | 'textarea' | 'url' | 'colour' | 'number' | 'switch' | 'select';

export interface FieldSpec {
  field: WebChatSettingsField;
  label: string;
  kind: FieldKind;
  help?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** The Web Chat tab's fields, in sections; every §3 widget setting appears once. */
export const SECTIONS: ReadonlyArray<{ id: string; title: string; fields: FieldSpec[] }> = [
  {
    id: 'texts',
    title: 'Titles and texts',
    fields: [
      { field: 'appName', label: 'Title', kind: 'text', help: 'Shown in the widget header. Empty uses the app name.' },
      { field: 'appSubtitle', label: 'Subtitle', kind: 'text' },
      { field: 'appIcon', label: 'Avatar or logo URL', kind: 'url', help: 'An https address of an image; leave empty for none.' },
      { field: 'appWelcomeMessage', label: 'Welcome message', kind: 'textarea', help: 'Shown above the conversation; the welcome intent answers after it.' },
      { field: 'appInputPlaceholder', label: 'Input placeholder', kind: 'text' },
    ],
  },
  {
    id: 'colours',
    title: 'Colours',
    fields: [
      { field: 'appColor', label: 'App colour', kind: 'colour', help: 'Header, launcher, user messages and the send button. Their text is black or white, whichever reads better.' },
      { field: 'appForegroundColor1', label: 'Foreground colour 1', kind: 'colour', help: 'Text of bot replies.' },
      { field: 'appBackgroundColor2', label: 'Background colour 2', kind: 'colour', help: 'Background of bot replies.' },
      { field: 'appForegroundColor2', label: 'Foreground colour 2', kind: 'colour', help: 'Text of quick reply buttons.' },
      { field: 'appQuickReplyButtonBackgroundColor', label: 'Quick reply button background', kind: 'colour' },
      { field: 'appButtonBorderColor', label: 'Button border', kind: 'colour' },
      { field: 'appCanvasBackgroundColor', label: 'Canvas background', kind: 'colour' },
      { field: 'appAutoCompleteBackgroundColor', label: 'Auto-complete background', kind: 'colour' },
      { field: 'appAutoCompleteForegroundColor', label: 'Auto-complete foreground', kind: 'colour' },
      { field: 'appAutoCompleteHoverColor', label: 'Auto-complete hover', kind: 'colour' },
      { field: 'appAutoCompleteDividerColor', label: 'Auto-complete divider', kind: 'colour' },
      { field: 'appRecommendationsBackgroundColor', label: 'Recommendations background', kind: 'colour' },
      { field: 'appRecommendationsForegroundColor', label: 'Recommendations foreground', kind: 'colour' },
      { field: 'appRecommendationsHoverColor', label: 'Recommendations hover', kind: 'colour' },
    ],
  },
  {
    id: 'layout',
    title: 'Font and position',
    fields: [
      { field: 'appFontFamily', label: 'Font family', kind: 'text', help: 'For example Arial, sans-serif. Empty uses the system font.' },
      { field: 'appBaseFontSize', label: 'Base font size (px)', kind: 'number' },
      { field: 'positionRight', label: 'Position from the right (px)', kind: 'number' },
      { field: 'positionBottom', label: 'Position from the bottom (px)', kind: 'number' },
      { field: 'appLauncherAnimationIteration', label: 'Launcher animation iterations', kind: 'number', help: '0 for no animation; visitors who ask for reduced motion never see it.' },
    ],
  },
  {
    id: 'behaviour',
    title: 'Behaviour',
    fields: [
      { field: 'appAutoLaunch', label: 'Open the chat when the page loads', kind: 'switch' },
      { field: 'enableThumbs', label: 'Thumbs up and down on each reply', kind: 'switch' },
      { field: 'enableCsat', label: 'Ask for a CSAT rating at the end', kind: 'switch' },
      { field: 'appEnableAutoComplete', label: "Auto-complete from the app's questions", kind: 'switch' },
      { field: 'appEnableRecommendations', label: 'Recommendations', kind: 'switch' },
      { field: 'appQuickLaunchEvent', label: 'Quick launch event', kind: 'text' },
      {
        field: 'appBotResponseTriggerEvent',
        label: 'Bot response trigger event',
        kind: 'text',
        help: 'A page that embeds the chat can ask it a question by dispatching this event on window, with detail.text holding the question. Empty: off.',
      },
      {
        field: 'appEnvironmentOverride',
        label: 'Environment override',
        kind: 'select',
        options: ENVIRONMENT_OVERRIDES.map((value) => ({ value, label: value === '' ? 'None (production)' : value })),
      },
      { field: 'appOrchestratorTimeout', label: 'Orchestrator timeout (ms)', kind: 'number' },
      { field: 'appAlternateCopyVault', label: 'Alternate copy vault', kind: 'text' },
    ],
  },
];

/** What the form holds: text for every input, booleans for switches. */
export type FormValues = Record<WebChatSettingsField, string | boolean>;

export function toFormValues(settings: WebChatSettings): FormValues {
  const out = {} as FormValues;
  for (const field of WEBCHAT_FIELDS) {
    const value = settings[field];
    out[field] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}

const NUMBER_FIELDS = new Set<WebChatSettingsField>(SECTIONS.flatMap((s) => s.fields.filter((f) => f.kind === 'number').map((f) => f.field)));

export function fromFormValues(values: FormValues): WebChatSettings {
  const out = {} as Record<WebChatSettingsField, unknown>;
  for (const field of WEBCHAT_FIELDS) {
    const value = values[field];
    if (NUMBER_FIELDS.has(field)) {
      out[field] = String(value).trim() === '' ? Number.NaN : Number(value);
    } else {
      out[field] = value;
    }
  }
  return out as WebChatSettings;
}

export type FormErrors = Partial<Record<WebChatSettingsField, string>>;

/** The DTO's rules and the contrast pairs, on the browser side (the server runs the same). */
export function validateSettings(settings: WebChatSettings): FormErrors {
  const outcome = validateDto(WebChatSettingsDto, { ...settings });
  const errors: FormErrors = {};
  for (const field of WEBCHAT_FIELDS) {
    const message = outcome.fields[field]?.[0];
    if (message) errors[field] = message;
  }
  for (const problem of contrastProblems(settings)) errors[problem.field] ??= problem.message;
  return errors;
}

/** The preview shows what is typed, except fields that are invalid right now: those keep the saved value. */
export function previewSettings(typed: WebChatSettings, errors: FormErrors, saved: WebChatSettings): WebChatSettings {
  const out = { ...typed } as Record<WebChatSettingsField, unknown>;
  for (const field of Object.keys(errors) as WebChatSettingsField[]) {
    // A failing contrast pair is still worth seeing: only unusable values fall back.
    if (!errors[field]?.includes('contrast')) out[field] = saved[field];
  }
  return out as WebChatSettings;
}
