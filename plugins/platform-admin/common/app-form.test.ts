/** @jest-environment node */
import { validateDto } from '@civic/sdk/common/validation';
import { Messages } from '@civic/sdk/common/messages';
import type { AdminAppDetail } from './api';
import { buildAppPatch, formValuesOf } from './app-form';
import { AppPatchDto } from './app-patch.dto';
import { ChatAppQueryDto } from './chatapp-query.dto';
import { isValidAgencyName } from './validators';

const app: AdminAppDetail = {
  appId: 'a1',
  appName: 'Alpha',
  description: '',
  projectId: 'p1',
  agencyName: 'Demo Agency',
  nlpEngine: { service: 'CIVIC_DIALOG_ENGINE', qnaHandler: null, dialogHandler: null },
  systemClassification: 'OFFICIAL',
  hosting: 'GCC',
  isPrivate: false,
  isGenerative: false,
  isPlaygroundEnabled: false,
  skipBackupResponse: false,
  liveChatService: 'LIVECHAT',
  authenticationService: 'SINGPASS',
  goLiveAt: '2027-01-15T00:00:00.000Z',
  decommissionAt: null,
  civicChuMode: null,
  allowedDomains: ['gov.sg'],
  subscriptionTier: 'Plus',
  restrictions: { analytics: false, categories: false, labels: false, trainingHub: false },
};

describe('buildAppPatch (§5 unsets)', () => {
  const initial = formValuesOf(app);

  it('sends nothing when nothing changed', () => {
    expect(buildAppPatch(initial, { ...initial })).toEqual({});
  });

  it('sends emptied live chat, authentication and go-live as unsets, never as empty strings', () => {
    const patch = buildAppPatch(initial, { ...initial, liveChatService: ' ', authenticationService: '', goLiveAt: '' });
    expect(patch).toEqual({ unsets: ['liveChatService', 'authenticationService', 'goLiveAt'] });
    expect(validateDto(AppPatchDto, patch).messages).toEqual([]);
  });

  it('sends changed values, the engine with its handlers, domains parsed', () => {
    const patch = buildAppPatch(initial, {
      ...initial,
      liveChatService: 'OTHER',
      goLiveAt: '2027-02-01',
      service: 'CIVIC_X',
      qnaHandler: 'https://e.example/q',
      allowedDomains: 'gov.sg\nMOE.edu.sg, ',
      civicChuMode: 'ALL',
      isPrivate: true,
      restrictions: { ...initial.restrictions, labels: true },
    });
    expect(patch).toEqual({
      restrictions: { labels: true },
      liveChatService: 'OTHER',
      goLiveAt: '2027-02-01T00:00:00.000Z',
      nlpEngine: { service: 'CIVIC_X', qnaHandler: 'https://e.example/q', dialogHandler: null },
      allowedDomains: ['gov.sg', 'moe.edu.sg'],
      civicChuMode: 'ALL',
      isPrivate: true,
    });
  });

  it('the shared DTO refuses an empty service, a non-https handler and an unknown unset', () => {
    expect(validateDto(AppPatchDto, { liveChatService: '' }).messages[0]).toMatch(/send it in unsets/);
    expect(validateDto(AppPatchDto, { nlpEngine: { service: 'CIVIC_X', qnaHandler: 'http://e.example/q' } }).messages[0]).toBe(Messages.invalidHttpsUrl);
    expect(validateDto(AppPatchDto, { unsets: ['appName'] }).messages.length).toBe(1);
  });
});

describe('table filter DTO', () => {
  it('accepts AND/OR items whose operator fits the field and refuses the rest', () => {
    expect(validateDto(ChatAppQueryDto, { filters: { link: 'OR', items: [{ field: 'appName', operator: 'contains', value: 'bot' }, { field: 'goLiveAt', operator: 'isEmpty' }] } }).messages).toEqual([]);
    expect(validateDto(ChatAppQueryDto, { filters: { link: 'AND', items: [{ field: 'createdAt', operator: 'contains', value: 'x' }] } }).messages.length).toBeGreaterThan(0);
    expect(validateDto(ChatAppQueryDto, { filters: { link: 'AND', items: [{ field: 'createdAt', operator: 'before', value: '15/01/2027' }] } }).messages[0]).toMatch(/yyyy-mm-dd/);
  });
});

describe('agency name (§5)', () => {
  it.each([
    ['Ministry of Health', true],
    ['GovTech (Singapore)', true],
    ["People's Association", true],
    ['1st Agency', false],
    ['A', false],
    ['Bad  spaces', false],
    [' Padded', false],
    ['Agency<script>', false],
  ])('%j → %s', (name, valid) => expect(isValidAgencyName(name)).toBe(valid));
});
