import { validateSync } from '@civic/sdk/common/validators';
import { plainToInstance } from '@civic/sdk/common/validators';
import { maskContact } from './mask-contact';
import { OptInDto } from './subscription.dto';
import { SubscribersMessages } from './messages';

describe('maskContact', () => {
  it('keeps the first letter and the domain of an e-mail', () => {
    expect(maskContact('WEB_CHAT', 'jane.tan@agency.gov.sg')).toBe('j***@agency.gov.sg');
  });
  it('keeps the country code and last four digits of a phone number', () => {
    expect(maskContact('WHATSAPP', '+6591234567')).toBe('+65 ****4567');
  });
  it('keeps the last four digits of a Telegram id', () => {
    expect(maskContact('TELEGRAM', '123456789')).toBe('****6789');
  });
});

describe('OptInDto', () => {
  const problems = (body: object) =>
    validateSync(plainToInstance(OptInDto, body)).flatMap((e) => Object.values(e.constraints ?? {}));
  const ok = { channel: 'WEB_CHAT', contact: 'jane@example.com', consent: true, consentVersion: 'v1', topics: ['deadlines'] };

  it('accepts a web chat opt-in with an e-mail', () => expect(problems(ok)).toEqual([]));
  it('refuses a bad e-mail, a missing consent and bad topics', () => {
    expect(problems({ ...ok, contact: 'not-an-email' })).toContain(SubscribersMessages.emailInvalid);
    expect(problems({ ...ok, consent: false })).toContain(SubscribersMessages.consentRequired);
    expect(problems({ ...ok, topics: ['=cmd()'] })).toContain(SubscribersMessages.topicsInvalid);
  });
  it('checks the contact by channel', () => {
    expect(problems({ ...ok, channel: 'WHATSAPP', contact: '+6591234567' })).toEqual([]);
    expect(problems({ ...ok, channel: 'WHATSAPP', contact: 'jane@example.com' })).toContain(SubscribersMessages.phoneInvalid);
    expect(problems({ ...ok, channel: 'TELEGRAM', contact: '123456789' })).toEqual([]);
    expect(problems({ ...ok, channel: 'TELEGRAM', contact: '+6591234567' })).toContain(SubscribersMessages.telegramInvalid);
  });
});
