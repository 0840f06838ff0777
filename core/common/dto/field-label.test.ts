import { IsInt, Min } from 'class-validator';
import { fieldLabel } from './field-label';
import { validateDto } from './validate';

class LimitsDto {
  @IsInt()
  @Min(1)
  maxMembers!: number;

  @IsInt()
  page_num!: number;

  @IsInt()
  DATABASE_PORT!: number;
}

describe('field labels in messages', () => {
  it.each([
    ['maxMembers', 'Max members'],
    ['mlConfidenceThreshold', 'ML confidence threshold'],
    ['qnaConfidenceThreshold', 'Q&A confidence threshold'],
    ['webhookUrl', 'Webhook URL'],
    ['appIds', 'App IDs'],
    ['isPlatformAdmin', 'Is platform admin'],
    ['name', 'Name'],
  ])('%s → %s', (key, label) => expect(fieldLabel(key)).toBe(label));

  it("puts the label where class-validator's own message names a camelCase property; API parameter names stay", () => {
    const outcome = validateDto(LimitsDto, { maxMembers: 0, page_num: 'x', DATABASE_PORT: 'x' });
    expect(outcome.fields.DATABASE_PORT).toEqual(['DATABASE_PORT must be an integer number']);
    expect(outcome.fields.maxMembers).toEqual(['Max members must not be less than 1']);
    expect(outcome.fields.page_num).toEqual(['page_num must be an integer number']);
  });
});
