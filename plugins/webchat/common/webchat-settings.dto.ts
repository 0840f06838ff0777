import {
  IsBoolean,
  IsEmpty,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from '@civic/sdk/common/validators';
import { Messages } from '@civic/sdk/common/messages';
import { HEX_COLOUR } from './contrast';
import { WebChatMessages as M } from './messages';
import { ENVIRONMENT_OVERRIDES, POSITION_MAX, type EnvironmentOverride, type WebChatSettings } from './webchat-settings';

const EVENT = /^[A-Za-z0-9_-]{0,50}$/;
const FONT_FAMILY = /^[A-Za-z0-9 ,'"-]{0,100}$/;
/** https://host[:port], or http for loopback hosts (local testing); no path. */
const HTTPS_URL = /^https:\/\/[^\s/$.?#][^\s]*$/i;

const Colour = () => Matches(HEX_COLOUR, { message: M.colour });

/**
 * PUT /api/v1/apps/{appId}/webchat-settings (§7): the widget settings. Every field is optional and
 * a missing one is stored as its default; `version` (the one read) makes a stale save a 409.
 * Contrast pairs are checked beside this DTO (contrastProblems), on both tiers.
 */
export class WebChatSettingsDto implements Partial<WebChatSettings> {
  @IsOptional() @IsInt({ message: M.version }) @Min(0, { message: M.version })
  version?: number;

  @IsOptional() @IsString() @MaxLength(50, { message: M.text(50) })
  appName?: string;

  @IsOptional() @IsString() @MaxLength(80, { message: M.text(80) })
  appSubtitle?: string;

  @IsOptional() @IsString() @ValidateIf((o: WebChatSettingsDto) => o.appIcon !== '') @Matches(HTTPS_URL, { message: Messages.invalidHttpsUrl }) @MaxLength(2000, { message: M.text(2000) })
  appIcon?: string;

  @IsOptional() @IsString() @MaxLength(500, { message: M.text(500) })
  appWelcomeMessage?: string;

  @IsOptional() @IsString() @MaxLength(80, { message: M.text(80) })
  appInputPlaceholder?: string;

  @IsOptional() @Colour() appColor?: string;

  @IsOptional() @Matches(FONT_FAMILY, { message: M.fontFamily })
  appFontFamily?: string;

  @IsOptional() @IsInt({ message: M.fontSize }) @Min(10, { message: M.fontSize }) @Max(32, { message: M.fontSize })
  appBaseFontSize?: number;

  @IsOptional() @IsBoolean() appEnableAutoComplete?: boolean;
  @IsOptional() @IsBoolean() appEnableRecommendations?: boolean;
  @IsOptional() @IsBoolean() appAutoLaunch?: boolean;

  @IsOptional() @Matches(EVENT, { message: M.eventName })
  appBotResponseTriggerEvent?: string;

  @IsOptional() @Matches(EVENT, { message: M.eventName })
  appQuickLaunchEvent?: string;

  @IsOptional() @IsIn([...ENVIRONMENT_OVERRIDES], { message: M.environment })
  appEnvironmentOverride?: EnvironmentOverride;

  @IsOptional() @IsInt({ message: M.animation }) @Min(0, { message: M.animation }) @Max(10, { message: M.animation })
  appLauncherAnimationIteration?: number;

  @IsOptional() @IsInt({ message: M.timeout }) @Min(1000, { message: M.timeout }) @Max(120_000, { message: M.timeout })
  appOrchestratorTimeout?: number;

  @IsOptional() @IsString() @MaxLength(50, { message: M.text(50) })
  appAlternateCopyVault?: string;

  @IsOptional() @Colour() appForegroundColor1?: string;
  @IsOptional() @Colour() appForegroundColor2?: string;
  @IsOptional() @Colour() appBackgroundColor2?: string;
  @IsOptional() @Colour() appCanvasBackgroundColor?: string;
  @IsOptional() @Colour() appButtonBorderColor?: string;
  @IsOptional() @Colour() appQuickReplyButtonBackgroundColor?: string;
  @IsOptional() @Colour() appAutoCompleteBackgroundColor?: string;
  @IsOptional() @Colour() appAutoCompleteForegroundColor?: string;
  @IsOptional() @Colour() appAutoCompleteHoverColor?: string;
  @IsOptional() @Colour() appAutoCompleteDividerColor?: string;
  @IsOptional() @Colour() appRecommendationsBackgroundColor?: string;
  @IsOptional() @Colour() appRecommendationsForegroundColor?: string;
  @IsOptional() @Colour() appRecommendationsHoverColor?: string;

  @IsOptional() @IsInt({ message: M.position }) @Min(0, { message: M.position }) @Max(POSITION_MAX, { message: M.position })
  positionRight?: number;

  @IsOptional() @IsInt({ message: M.position }) @Min(0, { message: M.position }) @Max(POSITION_MAX, { message: M.position })
  positionBottom?: number;

  /** Gone: the sites that may embed the chat are the app's allowedDomains. Sending it says where they went. */
  @IsOptional() @IsEmpty({ message: M.originsMoved })
  allowedOrigins?: unknown;

  @IsOptional() @IsBoolean() enableCsat?: boolean;
  @IsOptional() @IsBoolean() enableThumbs?: boolean;
}

/** GET ?isForPlayground=true (§7): the settings as the console's own preview uses them. */
export class WebChatSettingsQueryDto {
  @IsOptional() @IsIn(['true', 'false'], { message: 'isForPlayground must be true or false' })
  isForPlayground?: 'true' | 'false';
}
