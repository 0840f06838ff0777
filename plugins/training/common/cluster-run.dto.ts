import { IsOptional, Matches } from '@civic/sdk/common/validators';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** POST …/training-clusters: the date range of the pending unmatched questions to group (§9 training default). */
export class ClusterRunDto {
  @IsOptional()
  @Matches(ISO_DATE, { message: 'start must be an ISO date' })
  start?: string;

  @IsOptional()
  @Matches(ISO_DATE, { message: 'end must be an ISO date' })
  end?: string;
}
