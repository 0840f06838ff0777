import { Messages } from '@civic/sdk/common/messages';
import { IsAgencyName } from './validators';

/** POST /api/v1/admin/agencies and PATCH /api/v1/admin/agencies/{agencyId} */
export class AgencyDto {
  @IsAgencyName({ message: Messages.invalidAgencyName })
  name!: string;
}
