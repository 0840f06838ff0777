import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Paging } from '../constants';

/** GET /api/v1/admin/apps query (§7). Query strings arrive as text, hence the transforms. */
export class AdminAppsQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @Transform(({ value }) => (value === undefined ? Paging.defaultPage : Number(value)))
  @IsInt({ message: 'page_num must be a whole number' })
  @Min(0, { message: 'page_num must be 0 or more' })
  page_num: number = Paging.defaultPage;

  @Transform(({ value }) => (value === undefined ? Paging.defaultPageSize : Number(value)))
  @IsInt({ message: 'page_size must be a whole number' })
  @Min(1, { message: 'page_size must be from 1 to 500' })
  @Max(500, { message: 'page_size must be from 1 to 500' })
  page_size: number = Paging.defaultPageSize;

  @Transform(({ value }) => value === true || value === 'true')
  @IsBoolean()
  include_decommissioned: boolean = false;
}
