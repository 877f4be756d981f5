import { SSO_LIMITS, SsoAccountMode, SsoLinkBy, SsoType } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import type { SsoGroupRule, SsoMapping } from '@oj/contracts';

/** The body of a provider; the type's settings, the mapping and the rules are checked by SsoProviderService. */
export class SsoProviderDto {
  @IsOptional() @IsInt() @Min(1) id?: number;
  @IsString() @MinLength(1) @MaxLength(SSO_LIMITS.nameMax) name: string;
  @IsIn(Object.values(SsoType)) type: SsoType;
  @IsBoolean() enabled: boolean;
  @IsIn(Object.values(SsoAccountMode)) accountMode: SsoAccountMode;
  @IsIn(Object.values(SsoLinkBy)) linkBy: SsoLinkBy;
  @IsObject() settings: Record<string, unknown>;
  @IsObject() mapping: SsoMapping;
  @IsOptional() @IsArray() groupRules?: SsoGroupRule[];
  /** absent or '' keeps the stored secret on an update; null removes it */
  @IsOptional() @IsString() @MaxLength(1000) secret?: string | null;
}

export class SsoIdQueryDto {
  @Type(() => Number) @IsInt() @Min(1) id: number;
}

export class SsoSettingsDto {
  @IsBoolean() localPasswordOff: boolean;
}

export class SsoAuthorizeDto {
  @IsInt() @Min(1) id: number;
  @IsString() @MinLength(SSO_LIMITS.proofMin) @MaxLength(SSO_LIMITS.proofMax) proof: string;
}

export class SsoExchangeDto {
  @IsString() @MinLength(1) @MaxLength(128) code: string;
  @IsString() @MinLength(SSO_LIMITS.proofMin) @MaxLength(SSO_LIMITS.proofMax) proof: string;
}

export class SsoLdapLoginDto {
  @IsInt() @Min(1) id: number;
  @IsString() @MinLength(1) @MaxLength(256) username: string;
  @IsString() @MinLength(1) @MaxLength(1000) password: string;
}
