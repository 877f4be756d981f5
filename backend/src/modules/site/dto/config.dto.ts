import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AccountConfigUpdate, AdminWebConfig, EmailConfig, ERR, MobileConfig, SwitchConfig } from '@oj/contracts';
import { HttpLink } from '../../../core/http/http-link';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** PUT /api/admin/config/set-web-config: the fields sent are saved, the others kept. */
export class WebConfigDto implements Partial<AdminWebConfig> {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) baseUrl?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) shortName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() register?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) recordName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) @HttpLink() recordUrl?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) projectName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) @HttpLink() projectUrl?: string;
}

/** PUT /api/admin/config/set-account-config: the rules are not settable, so only `register` is accepted. */
export class AccountConfigDto implements AccountConfigUpdate {
  @ApiProperty() @IsBoolean() register: boolean;
}

/** PUT /api/admin/config/set-email-config. An empty or absent password keeps the stored one. */
export class EmailConfigDto implements Partial<EmailConfig> {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) emailHost?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(65535) emailPort?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) emailUsername?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) emailPassword?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() emailSsl?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) emailBGImg?: string;
  /** Sent back by clients that post what GET answered; ignored. */
  @IsOptional() @IsBoolean() emailPasswordSet?: boolean;
}

export class TestEmailDto {
  @ApiPropertyOptional()
  @IsString({ message: ERR.emailRequired })
  @IsNotEmpty({ message: ERR.emailRequired })
  @IsEmail({}, { message: ERR.emailFormat })
  email: string;
}

/** PUT /api/admin/config/set-mobile-config. An empty or absent secret keeps the stored one. */
export class MobileConfigDto implements Partial<MobileConfig> {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) regionId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) domain?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) accessKeyId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) accessKeySecret?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) signName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) templateCode?: string;
  /** Sent back by clients that post what GET answered; ignored. */
  @IsOptional() @IsBoolean() accessKeySecretSet?: boolean;
}

const Count = () => (target: object, key: string) => {
  IsOptional()(target, key);
  IsInt()(target, key);
  Min(0)(target, key);
  Max(1_000_000)(target, key);
  ApiPropertyOptional({ minimum: 0 })(target, key);
};
const Flag = () => (target: object, key: string) => {
  IsOptional()(target, key);
  IsBoolean()(target, key);
  ApiPropertyOptional()(target, key);
};

const AccountList = () => (target: object, key: string) => {
  IsOptional()(target, key);
  IsArray()(target, key);
  ArrayMaxSize(100)(target, key);
  IsString({ each: true })(target, key);
  MaxLength(255, { each: true })(target, key);
  ApiPropertyOptional({ type: [String] })(target, key);
};

/** PUT /api/admin/switch/update: every switch and limit of product §3; the fields sent are saved. */
export class SwitchConfigDto implements Partial<SwitchConfig> {
  @Flag() register?: boolean;
  @Flag() openPublicDiscussion?: boolean;
  @Flag() openGroupDiscussion?: boolean;
  @Flag() openContestComment?: boolean;
  @Flag() openPublicJudge?: boolean;
  @Flag() openGroupJudge?: boolean;
  @Flag() openContestJudge?: boolean;
  @Flag() hideNonContestSubmissionCode?: boolean;
  @Count() defaultSubmitInterval?: number;
  @Count() defaultCreateDiscussionACInitValue?: number;
  @Count() defaultCreateDiscussionDailyLimit?: number;
  @Count() defaultCreateCommentACInitValue?: number;
  @Count() defaultCreateGroupACInitValue?: number;
  @Count() defaultCreateGroupDailyLimit?: number;
  @Count() defaultCreateGroupLimit?: number;
  @Count() maxDailyTestcaseDownloads?: number;
  // HOJ's remote judge account lists (the remote-judge module keeps them; contracts HOJ_REMOTE_ACCOUNT_LISTS)
  @AccountList() hduUsernameList?: string[];
  @AccountList() hduPasswordList?: string[];
  @AccountList() cfUsernameList?: string[];
  @AccountList() cfPasswordList?: string[];
  @AccountList() pojUsernameList?: string[];
  @AccountList() pojPasswordList?: string[];
  @AccountList() atcoderUsernameList?: string[];
  @AccountList() atcoderPasswordList?: string[];
  @AccountList() spojUsernameList?: string[];
  @AccountList() spojPasswordList?: string[];
}

export class HomeCarouselDto {
  @ApiPropertyOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  url: string;
}
