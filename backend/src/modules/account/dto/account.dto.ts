import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERR, LIMITS, SLIDE_VERIFY } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';

/** Rules of product §5, texts of §8 (contracts ERR). */
const Username = () => (target: object, key: string) => {
  IsString({ message: ERR.usernameRequired })(target, key);
  IsNotEmpty({ message: ERR.usernameRequired })(target, key);
  MaxLength(LIMITS.usernameMax, { message: ERR.usernameTooLong })(target, key);
};
const Password = () => (target: object, key: string) => {
  IsString({ message: ERR.passwordRequired })(target, key);
  IsNotEmpty({ message: ERR.passwordRequired })(target, key);
  Length(LIMITS.passwordMin, LIMITS.passwordMax, { message: ERR.passwordLength })(target, key);
};
const Email = () => (target: object, key: string) => {
  IsString({ message: ERR.emailRequired })(target, key);
  IsNotEmpty({ message: ERR.emailRequired })(target, key);
  IsEmail({}, { message: ERR.emailFormat })(target, key);
  MaxLength(320, { message: ERR.emailFormat })(target, key);
};

/** Generated accounts (Admin → User) may have passwords up to LIMITS.generatedPasswordMax: they must log in. */
const LOGIN_PASSWORD_MAX = Math.max(LIMITS.passwordMax, LIMITS.generatedPasswordMax);

export class LoginDto {
  @ApiProperty({ maxLength: LIMITS.usernameMax })
  @Username()
  username: string;

  @ApiProperty({ minLength: LIMITS.passwordMin, maxLength: LOGIN_PASSWORD_MAX })
  @IsString({ message: ERR.passwordRequired })
  @IsNotEmpty({ message: ERR.passwordRequired })
  @Length(LIMITS.passwordMin, LOGIN_PASSWORD_MAX, { message: ERR.passwordLength })
  password: string;

  @ApiPropertyOptional({ description: 'Proof from POST /api/check-slide-verify; required after 5 failed logins' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  slideToken?: string;
}

export class RegisterDto {
  @ApiProperty({ maxLength: LIMITS.usernameMax })
  @Username()
  username: string;

  @ApiProperty({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax })
  @Password()
  password: string;

  @ApiProperty()
  @Email()
  email: string;

  @ApiProperty({ description: '6 digits sent by GET /api/get-register-code' })
  @IsString({ message: ERR.codeRequired })
  @IsNotEmpty({ message: ERR.codeRequired })
  @Matches(new RegExp(`^\\d{${LIMITS.registerCodeLength}}$`), { message: ERR.codeLength })
  code: string;
}

export class RegisterCodeQuery {
  @ApiProperty()
  @Email()
  email: string;
}

export class CheckUsernameOrEmailDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(320)
  username?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(30)
  mobile?: string;
}

export class ApplyResetPasswordDto {
  @ApiProperty()
  @Email()
  email: string;

  @ApiProperty({ minLength: LIMITS.resetCaptchaMin, maxLength: LIMITS.resetCaptchaMax })
  @IsString({ message: ERR.captchaRequired })
  @IsNotEmpty({ message: ERR.captchaRequired })
  @Length(LIMITS.resetCaptchaMin, LIMITS.resetCaptchaMax, { message: ERR.captchaLength })
  captcha: string;

  @ApiProperty({ description: 'From GET /api/captcha' })
  @IsString({ message: ERR.captchaRequired })
  @IsNotEmpty({ message: ERR.captchaRequired })
  @MaxLength(100)
  captchaKey: string;
}

export class ResetPasswordDto {
  @ApiProperty()
  @Username()
  username: string;

  @ApiProperty({ description: 'Code of the e-mailed reset link' })
  @IsString({ message: ERR.codeRequired })
  @IsNotEmpty({ message: ERR.codeRequired })
  @MaxLength(100)
  code: string;

  @ApiProperty()
  @Password()
  password: string;
}

export class SlideVerifyDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  slideKey: string;

  @ApiProperty({ description: 'Left edge of the dropped piece, px' })
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(SLIDE_VERIFY.widthPx)
  x: number;

  @ApiProperty()
  @Username()
  username: string;
}
