import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min, Max, MinLength, IsArray, ArrayMaxSize } from '@civic/sdk/common/validators';
import { ENGINE_SERVICES, ENVIRONMENTS, type EngineService, type Environment } from './api';

/** Longest user message the chat accepts. */
export const MAX_MESSAGE_LENGTH = 1000;

export class StartSessionDto {
  @IsOptional()
  @IsIn(ENVIRONMENTS as unknown as string[], { message: 'environment must be draft or production' })
  environment?: Environment;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Z_]{1,40}$/, { message: 'channel must be a platform name such as PLATFORM_UNSPECIFIED' })
  channel?: string;

  /** The event the session starts with (the widget's quick launch event, §3); the welcome event by default. */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,50}$/, { message: 'event names use letters, digits, underscore and dash only (max 50)' })
  event?: string;
}

export class SendMessageDto {
  @IsString({ message: 'text is required' })
  @MinLength(1, { message: 'text is required' })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: `Only ${MAX_MESSAGE_LENGTH} characters allowed` })
  text!: string;
}

export class FeedbackDto {
  @IsOptional()
  @IsBoolean()
  thumbsUp?: boolean;

  @IsOptional()
  @IsBoolean()
  thumbsDown?: boolean;
}

export class CsatDto {
  @IsInt({ message: 'rating must be a whole number from 1 to 5' })
  @Min(1, { message: 'rating must be a whole number from 1 to 5' })
  @Max(5, { message: 'rating must be a whole number from 1 to 5' })
  rating!: number;

  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'Only 1000 characters allowed' })
  comment?: string;
}

/** /dialogFlow: an app's engine in one environment. Handler URLs must be https (§5; checked by handlerUrlProblem). */
export class EngineConfigDto {
  @IsIn(ENGINE_SERVICES as unknown as string[], { message: 'Choose an engine' })
  engine!: EngineService;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  qnaHandler?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  dialogHandler?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  linkedAppIds?: string[];
}

export class TestMessageDto {
  @IsString({ message: 'text is required' })
  @MinLength(1, { message: 'text is required' })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: `Only ${MAX_MESSAGE_LENGTH} characters allowed` })
  text!: string;
}

/** §5: handler URLs are valid https URLs; on-premise engines are allowed by address (CIVIC_OUTBOUND_ALLOW), never by plain http. */
export function handlerUrlProblem(value: string): boolean {
  try {
    return new URL(value).protocol !== 'https:';
  } catch {
    return true;
  }
}
