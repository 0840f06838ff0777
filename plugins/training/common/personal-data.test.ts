import { maskPersonalData } from './personal-data';

describe('maskPersonalData', () => {
  it('masks emails, phone numbers and national ID numbers, and says so', () => {
    const { text, masked } = maskPersonalData('mail tan.ah.kow@example.com or call +65 9123 4567; my NRIC is S1234567D');
    expect(masked).toBe(true);
    expect(text).not.toMatch(/example\.com|9123|S1234567D/);
    expect(text).toContain('[email •••]');
    expect(text).toContain('[national ID •••]');
    expect(text).toContain('[phone •••]');
  });

  it('leaves ordinary questions alone', () => {
    expect(maskPersonalData('how much is a passport renewal in 2026?')).toEqual({ text: 'how much is a passport renewal in 2026?', masked: false });
  });
});
