import { Paging } from '@civic/sdk/common/messages';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  Type,
  ValidateBy,
  ValidateNested,
} from '@civic/sdk/common/validators';
import { DATE_FIELDS, FILTER_FIELDS, FILTER_OPERATORS, filterItemProblem, SORT_FIELDS, type DateField, type FilterField, type FilterOperator, type FilterItem } from './table-filter';

const ItemIsConsistent = () =>
  ValidateBy({
    name: 'filterItemConsistent',
    validator: {
      validate: (_value: unknown, args) => filterItemProblem(args?.object as FilterItem) === undefined,
      defaultMessage: (args) => filterItemProblem(args?.object as FilterItem) ?? 'Invalid filter',
    },
  });

export class FilterItemDto {
  @IsIn(FILTER_FIELDS, { message: `filter field must be one of ${FILTER_FIELDS.join(', ')}` })
  field!: FilterField;

  @IsIn(FILTER_OPERATORS, { message: `filter operator must be one of ${FILTER_OPERATORS.join(', ')}` })
  @ItemIsConsistent()
  operator!: FilterOperator;

  @IsOptional() @IsString() @MaxLength(200)
  value?: string;
}

export class TableFilterDto {
  @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => FilterItemDto)
  items!: FilterItemDto[];

  @IsIn(['AND', 'OR'], { message: 'filters.link must be AND or OR' })
  link!: 'AND' | 'OR';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class DateRangeDto {
  @IsIn(DATE_FIELDS)
  field!: DateField;

  @Matches(DAY, { message: 'startDate must be yyyy-mm-dd' })
  startDate!: string;

  @Matches(DAY, { message: 'endDate must be yyyy-mm-dd' })
  endDate!: string;
}

/** POST /api/v1/admin/chatapp-mgmt (§7): 150 rows a page by default (§9). */
export class ChatAppQueryDto {
  @IsOptional() @IsInt({ message: 'page_num must be a whole number' }) @Min(0, { message: 'page_num must be 0 or more' })
  page_num?: number;

  @IsOptional() @IsInt({ message: 'page_size must be a whole number' }) @Min(1) @Max(500, { message: 'page_size must be from 1 to 500' })
  page_size?: number;

  @IsOptional() @IsBoolean()
  include_decommissioned?: boolean;

  @IsOptional() @ValidateNested() @Type(() => TableFilterDto)
  filters?: TableFilterDto;

  @IsOptional() @ValidateNested() @Type(() => DateRangeDto)
  dateRange?: DateRangeDto;

  @IsOptional() @IsIn(SORT_FIELDS, { message: `sortBy must be one of ${SORT_FIELDS.join(', ')}` })
  sortBy?: (typeof SORT_FIELDS)[number];

  @IsOptional() @IsIn(['asc', 'desc'], { message: 'sortOrder must be asc or desc' })
  sortOrder?: 'asc' | 'desc';
}

export const CHAT_APP_PAGE_SIZE = Paging.chatAppManagementPageSize;
