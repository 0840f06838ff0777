import { Type, IsInt, IsOptional, IsString, Max, MaxLength, Min } from '@civic/sdk/common/validators';

/** GET /api/v1/admin/users?search=&page_num=&pageSize= (page_num from 0). */
export class UsersQueryDto {
  @IsOptional() @IsString() @MaxLength(100)
  search?: string;

  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  page_num?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  pageSize?: number;
}
