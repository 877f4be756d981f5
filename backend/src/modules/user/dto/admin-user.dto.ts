import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ADMIN_USER_TEXT, ERR, LIMITS, Role } from '@oj/contracts';
import { Expose, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

export class AdminUserListQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of username, real name, nickname or e-mail' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ description: 'Only admin-type roles' })
  @IsOptional()
  @Transform(({ value }) => value === true || value === 'true' || value === '1')
  @IsBoolean()
  onlyAdmin?: boolean;

  @ApiPropertyOptional({ description: 'Only users of this role id (1000–1008)' })
  @IsOptional()
  @Type(() => Number)
  @IsIn(Object.values(Role))
  role?: Role;
}

export class AdminEditUserDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(32) uid: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: ERR.usernameRequired })
  @IsNotEmpty({ message: ERR.usernameRequired })
  @MaxLength(LIMITS.usernameMax, { message: ERR.usernameTooLong })
  username?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) realname?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsEmail({}, { message: ERR.emailFormat })
  email?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) nickname?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) school?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) titleName?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(30) titleColor?: string | null;

  @ApiPropertyOptional({ description: 'Role id 1000–1008' })
  @IsOptional()
  @IsIn(Object.values(Role))
  type?: Role;

  @ApiPropertyOptional({ description: '0 normal, 1 disabled' }) @IsOptional() @IsIn([0, 1]) status?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() setNewPwd?: boolean;

  @ApiPropertyOptional()
  @ValidateIf((o: AdminEditUserDto) => o.setNewPwd === true)
  @IsString({ message: ERR.passwordRequired })
  @IsNotEmpty({ message: ERR.passwordRequired })
  @Length(LIMITS.passwordMin, LIMITS.passwordMax, { message: ERR.passwordLength })
  password?: string;
}

export class AdminDeleteUsersDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  ids: string[];
}

export class AdminInsertUsersDto {
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } } })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @IsArray({ each: true })
  users: string[][];
}

/**
 * The field, or when absent its snake-case twin: HOJ's admin page sends `number_from`, `number_to` and
 * `password_length` (its manager reads a Map of those names), this platform's client the camel-case names.
 */
const OrSnakeCase = (snake: string) => (target: object, property: string) => {
  Expose()(target, property);
  Transform(({ value, obj }: { value: unknown; obj: Record<string, unknown> }) => value ?? obj[snake])(target, property);
};

export class GenerateUsersDto {
  @ApiProperty() @IsString() @MaxLength(LIMITS.usernameMax) prefix: string;
  @ApiProperty() @IsString() @MaxLength(LIMITS.usernameMax) suffix: string;

  @ApiProperty({ description: 'or number_from (HOJ)' })
  @OrSnakeCase('number_from')
  @IsInt({ message: ADMIN_USER_TEXT.startRequired })
  @Min(0, { message: ADMIN_USER_TEXT.startRequired })
  numberFrom: number;

  @ApiProperty({ description: 'or number_to (HOJ)' })
  @OrSnakeCase('number_to')
  @IsInt({ message: ADMIN_USER_TEXT.endRequired })
  @Min(0, { message: ADMIN_USER_TEXT.endRequired })
  numberTo: number;

  @ApiProperty({ minimum: LIMITS.generatedPasswordMin, maximum: LIMITS.generatedPasswordMax, description: 'or password_length (HOJ)' })
  @OrSnakeCase('password_length')
  @IsInt({ message: ADMIN_USER_TEXT.passwordLength })
  @Min(LIMITS.generatedPasswordMin, { message: ADMIN_USER_TEXT.passwordLength })
  @Max(LIMITS.generatedPasswordMax, { message: ADMIN_USER_TEXT.passwordLength })
  passwordLength: number;
}

/** GET /api/file/generate-user-excel: the key a generate-user call answered. */
export class GeneratedUsersKeyQuery {
  @ApiProperty()
  @IsString()
  @Matches(/^[0-9a-f]{32}$/, { message: ADMIN_USER_TEXT.generatedGone })
  key: string;
}
