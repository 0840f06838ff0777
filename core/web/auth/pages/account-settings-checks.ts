import { TotpConfirmDto, TotpRemoveDto } from '@civic/core/common/dto/otp.dto';
import { ProfilePatchDto } from '@civic/core/common/dto/profile.dto';
import { validateDto } from '@civic/core/common/dto/validate';

/**
 * The /settings forms' checks with the server's DTOs: the first problem of the one field each form
 * has. Its own module, which the page fetches on a first submit: class-validator is not on its path.
 */
export const settingsChecks = {
  totpCode: (code: string) => validateDto(TotpConfirmDto, { code }).fields.code?.[0],
  totpRemovePassword: (password: string) => validateDto(TotpRemoveDto, { password }).fields.password?.[0],
  profileName: (name: string) => validateDto(ProfilePatchDto, { name }).fields.name?.[0],
};
