import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUTH_LIMITS, AUTH_TEXT } from '@oj/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';

const KEY = /^[A-Za-z0-9:_-]+$/;

export class CreateAuthDto {
  @ApiProperty()
  @IsString({ message: AUTH_TEXT.nameRequired })
  @IsNotEmpty({ message: AUTH_TEXT.nameRequired })
  @MaxLength(AUTH_LIMITS.nameMax)
  name: string;

  @ApiProperty({ description: 'The key the code checks, e.g. problem:admin' })
  @IsString({ message: AUTH_TEXT.permissionRequired })
  @IsNotEmpty({ message: AUTH_TEXT.permissionRequired })
  @MaxLength(AUTH_LIMITS.permissionMax)
  @Matches(KEY, { message: AUTH_TEXT.permissionFormat })
  permission: string;

  @ApiPropertyOptional({ enum: [0, 1], description: '0 in force, 1 disabled' })
  @IsOptional()
  @IsIn([0, 1])
  status?: number;
}

export class UpdateAuthDto {
  @ApiProperty() @IsInt() @Min(1) id: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: AUTH_TEXT.nameRequired })
  @MaxLength(AUTH_LIMITS.nameMax)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: AUTH_TEXT.permissionRequired })
  @MaxLength(AUTH_LIMITS.permissionMax)
  @Matches(KEY, { message: AUTH_TEXT.permissionFormat })
  permission?: string;

  @ApiPropertyOptional({ enum: [0, 1] }) @IsOptional() @IsIn([0, 1]) status?: number;
}

export class AuthIdQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
}

export class RoleAuthsDto {
  @ApiProperty() @IsInt() roleId: number;

  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  authIds: number[];
}

export class RoleAuthDto {
  @ApiProperty() @Type(() => Number) @IsInt() roleId: number;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) authId: number;
}
