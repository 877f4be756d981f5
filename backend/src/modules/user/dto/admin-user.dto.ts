import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ADMIN_USER_TEXT, ERR, GENERATE_USERS_MAX, LIMITS, Role } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
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
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
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

export class GenerateUsersDto {
  @ApiProperty() @IsString() @MaxLength(LIMITS.usernameMax) prefix: string;
  @ApiProperty() @IsString() @MaxLength(LIMITS.usernameMax) suffix: string;

  @ApiProperty()
  @Type(() => Number)
  @IsInt({ message: ADMIN_USER_TEXT.startRequired })
  @Min(0, { message: ADMIN_USER_TEXT.startRequired })
  numberFrom: number;

  @ApiProperty()
  @Type(() => Number)
  @IsInt({ message: ADMIN_USER_TEXT.endRequired })
  @Min(0, { message: ADMIN_USER_TEXT.endRequired })
  numberTo: number;

  @ApiProperty({ minimum: LIMITS.generatedPasswordMin, maximum: LIMITS.generatedPasswordMax })
  @Type(() => Number)
  @IsInt({ message: ADMIN_USER_TEXT.passwordLength })
  @Min(LIMITS.generatedPasswordMin, { message: ADMIN_USER_TEXT.passwordLength })
  @Max(LIMITS.generatedPasswordMax, { message: ADMIN_USER_TEXT.passwordLength })
  passwordLength: number;
}

class GeneratedUserRowDto {
  @ApiProperty() @IsString() @MaxLength(LIMITS.usernameMax) username: string;
  @ApiProperty() @IsString() @MaxLength(LIMITS.generatedPasswordMax) password: string;
}

/** The accounts a generate-user call answered, sent back to be written as an .xlsx. */
export class GeneratedUsersExcelDto {
  @ApiProperty({ type: [GeneratedUserRowDto] })
  @IsArray()
  @ArrayMaxSize(GENERATE_USERS_MAX)
  @ValidateNested({ each: true })
  @Type(() => GeneratedUserRowDto)
  users: GeneratedUserRowDto[];
}
