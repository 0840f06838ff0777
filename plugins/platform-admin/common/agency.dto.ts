import { Messages } from '@civic/sdk/common/messages';
import { IsNotEmpty, IsString } from '@civic/sdk/common/validators';
import { IsAgencyName } from './validators';
import { AdminMessages } from './messages';

/** How an agency name is stored and compared: trimmed, runs of spaces made one. */
export function normaliseAgencyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** POST /api/v1/admin/agencies and PATCH /api/v1/admin/agencies/{agencyId} */
export class AgencyDto {
  @IsAgencyName({ message: Messages.invalidAgencyName })
  name!: string;
}

/** POST /api/v1/admin/agencies/{agencyId}/merge */
export class AgencyMergeDto {
  @IsString({ message: AdminMessages.agencyMergeTarget })
  @IsNotEmpty({ message: AdminMessages.agencyMergeTarget })
  intoAgencyId!: string;
}
