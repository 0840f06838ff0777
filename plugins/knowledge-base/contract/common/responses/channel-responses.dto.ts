import { Type } from '@civic/sdk/common/validators';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, ValidateNested } from '@civic/sdk/common/validators';
import { PLATFORMS, type ChannelResponses, type Platform } from './channel-responses';
import { RESPONSE_LIMITS, ResponseMessagesType, type ResponseMessageDto } from './response-message.dto';
import { ResponseTexts } from './response-texts';

/** One channel's responses (§3), validated with every message by its kind. */
export class ChannelResponsesDto implements ChannelResponses {
  @IsIn(PLATFORMS, { message: ResponseTexts.unknownChannel }) platform: Platform = 'PLATFORM_UNSPECIFIED';
  @IsBoolean() enable_default_response = true;
  @IsArray()
  @ArrayMaxSize(RESPONSE_LIMITS.messagesPerChannel)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @ResponseMessagesType()
  messages: ResponseMessageDto[] = [];
}

/** A body that is just the responses of every channel, e.g. `{ responses: [...] }`. */
export class ChannelResponsesListDto {
  @IsArray()
  @ArrayMaxSize(PLATFORMS.length)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ChannelResponsesDto)
  responses: ChannelResponsesDto[] = [];
}
