import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERR, LIMITS, MOBILE_PATTERN, PROFILE_LIMITS, PROFILE_TEXT } from '@oj/contracts';
import { Transform } from 'class-transformer';
import { HttpLink } from '../../../core/http/http-link';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UserLookupQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) uid?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) username?: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: ERR.passwordRequired })
  @IsNotEmpty({ message: ERR.passwordRequired })
  @MaxLength(100, { message: PROFILE_TEXT.oldPasswordWrong })
  oldPassword: string;

  @ApiProperty()
  @IsString({ message: ERR.passwordRequired })
  @IsNotEmpty({ message: ERR.passwordRequired })
  @Length(LIMITS.passwordMin, LIMITS.passwordMax, { message: ERR.passwordLength })
  newPassword: string;
}

export class EmailCodeQuery {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: ERR.emailRequired })
  @IsNotEmpty({ message: ERR.emailRequired })
  @IsEmail({}, { message: ERR.emailFormat })
  @MaxLength(320, { message: ERR.emailFormat })
  email: string;
}

export class MobileCodeQuery {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: PROFILE_TEXT.mobileRequired })
  @IsNotEmpty({ message: PROFILE_TEXT.mobileRequired })
  @Matches(MOBILE_PATTERN, { message: PROFILE_TEXT.mobileFormat })
  mobile: string;
}

class CodeAndPassword {
  @ApiProperty()
  @IsString({ message: ERR.passwordRequired })
  @IsNotEmpty({ message: ERR.passwordRequired })
  @MaxLength(100, { message: PROFILE_TEXT.passwordWrong })
  password: string;

  @ApiProperty()
  @IsString({ message: ERR.codeRequired })
  @IsNotEmpty({ message: ERR.codeRequired })
  @Length(LIMITS.registerCodeLength, LIMITS.registerCodeLength, { message: ERR.codeLength })
  code: string;
}

export class ChangeEmailDto extends CodeAndPassword {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: ERR.emailRequired })
  @IsNotEmpty({ message: ERR.emailRequired })
  @IsEmail({}, { message: ERR.emailFormat })
  @MaxLength(320, { message: ERR.emailFormat })
  newEmail: string;
}

export class ChangeMobileDto extends CodeAndPassword {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: PROFILE_TEXT.mobileRequired })
  @IsNotEmpty({ message: PROFILE_TEXT.mobileRequired })
  @Matches(MOBILE_PATTERN, { message: PROFILE_TEXT.mobileFormat })
  newMobile: string;
}

const optionalText = (max: number) => [IsOptional(), IsString(), MaxLength(max)];
function Text(max: number): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ maxLength: max, nullable: true })(target, key);
    Transform(trim)(target, key);
    for (const d of optionalText(max)) d(target, key);
  };
}

/** POST /api/change-userInfo: only these fields; HOJ's client also sends uid/username, which are ignored. */
export class ChangeUserInfoDto {
  @Text(PROFILE_LIMITS.nicknameMax) nickname?: string | null;
  @Text(PROFILE_LIMITS.realnameMax) realname?: string | null;
  @Text(PROFILE_LIMITS.schoolMax) school?: string | null;
  @Text(PROFILE_LIMITS.numberMax) number?: string | null;
  @Text(PROFILE_LIMITS.urlMax) @HttpLink() blog?: string | null;
  @Text(PROFILE_LIMITS.urlMax) @HttpLink() github?: string | null;
  @Text(PROFILE_LIMITS.cfUsernameMax) cfUsername?: string | null;
  @Text(PROFILE_LIMITS.signatureMax) signature?: string | null;
  @ApiPropertyOptional({ enum: ['male', 'female', 'secrecy'] })
  @IsOptional()
  @IsIn(['male', 'female', 'secrecy'])
  gender?: 'male' | 'female' | 'secrecy';
}
