import { IsISO8601, IsInt, IsOptional, IsString, Max, MaxLength, Min, Type } from '@civic/sdk/common/validators';
import { Messages } from './messages';

/**
 * The filters of the trail (list and CSV export): actor email (contains), app (exact), action
 * (exact, or a whole family: "users" matches users.invite, users.update…), target (contains) and the
 * §3 date range (startDate, endDate: ISO dates or instants; a bare endDate date includes that day).
 */
export class AuditFilterDto {
  @IsOptional() @IsString() @MaxLength(254)
  actor?: string;

  @IsOptional() @IsString() @MaxLength(100)
  appId?: string;

  @IsOptional() @IsString() @MaxLength(100)
  action?: string;

  @IsOptional() @IsString() @MaxLength(200)
  target?: string;

  @IsOptional() @IsISO8601({ strict: true }, { message: Messages.invalidStartDate })
  startDate?: string;

  @IsOptional() @IsISO8601({ strict: true }, { message: Messages.invalidEndDate })
  endDate?: string;
}

/** GET /api/v1/admin/audit-log: the filters plus keyset paging (`before`: rows with a smaller id). */
export class AuditListQueryDto extends AuditFilterDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1)
  before?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  pageSize?: number;
}

/** GET /api/v1/admin/audit-log/verify: one stretch of the walk (all of it without maxRows). */
export class AuditVerifyQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  afterId?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1_000_000)
  maxRows?: number;
}
