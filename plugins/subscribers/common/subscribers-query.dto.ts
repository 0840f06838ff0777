import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, Type } from '@civic/sdk/common/validators';
import { CHANNELS, STATUSES, type Channel, type SubscriberStatus } from './api';
import { SubscribersMessages as M } from './messages';

/** The filters of the list and of the export (the export takes the same, without paging). */
export class SubscriberFilterDto {
  /** Part of the contact (as stored) or the start of a topic. */
  @IsOptional() @MaxLength(100, { message: M.searchTooLong }) @IsString({ message: M.searchTooLong })
  search?: string;

  @IsOptional() @IsIn(CHANNELS, { message: M.channelRequired })
  channel?: Channel;

  @IsOptional() @IsIn(STATUSES, { message: M.statusInvalid })
  status?: SubscriberStatus;
}

/** GET /api/v1/apps/{appId}/subscribers?search=&channel=&status=&pageSize=&after= */
export class SubscribersQueryDto extends SubscriberFilterDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200)
  pageSize?: number;

  /** The `next` of the page before: `<ISO time>_<uuid>`. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: M.cursorInvalid })
  after?: string;
}
