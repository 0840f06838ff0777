import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { TOTP } from 'otpauth';
import { TotpService } from './totp-service';

const service = new TotpService(crypto.randomBytes(32));
const at = new Date('2026-11-22T04:00:10Z');
const step = Math.floor(at.getTime() / 30_000);

test('verify answers the time step of an accepted code (±1 step of drift), so callers can refuse replays', async () => {
  const { enrolment, sealed } = await service.enrol('user-1', 'a@agency.gov.sg');
  const totp = new TOTP({ secret: enrolment.secret, digits: 6, period: 30, algorithm: 'SHA1' });
  assert.equal(service.verify('user-1', sealed, totp.generate({ timestamp: at.getTime() }), at), step);
  assert.equal(service.verify('user-1', sealed, totp.generate({ timestamp: at.getTime() - 30_000 }), at), step - 1);
  assert.equal(service.verify('user-1', sealed, totp.generate({ timestamp: at.getTime() + 30_000 }), at), step + 1);
  assert.equal(service.verify('user-1', sealed, totp.generate({ timestamp: at.getTime() - 90_000 }), at), undefined);
});

test('a sealed secret opens only for the user it was sealed for', async () => {
  const { enrolment, sealed } = await service.enrol('user-1', 'a@agency.gov.sg');
  const code = new TOTP({ secret: enrolment.secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });
  assert.ok(!sealed.includes(enrolment.secret));
  assert.equal(service.verify('user-2', sealed, code, at), undefined);
});
