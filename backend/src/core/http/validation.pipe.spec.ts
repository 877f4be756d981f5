import { ERR, LIMITS } from '@oj/contracts';
import { ValidationPipe } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ApiException } from './api.exception';
import { createValidationPipe, publicValidationMessage } from './validation.pipe';

class FormDto {
  @IsString({ message: ERR.usernameRequired })
  @IsNotEmpty({ message: ERR.usernameRequired })
  @MaxLength(LIMITS.usernameMax, { message: ERR.usernameTooLong })
  username: string;

  @IsString({ message: ERR.passwordRequired })
  @IsNotEmpty({ message: ERR.passwordRequired })
  @Length(LIMITS.passwordMin, LIMITS.passwordMax, { message: ERR.passwordLength })
  password: string;
}

class NoTextDto {
  @IsInt()
  count: number;
}

class InnerDto {
  @IsInt()
  cid: number;
}

/** Shaped like HOJ's DTOs: numeric ids, a list of ids, a flag and a nested object. */
class HojLikeDto {
  @IsInt()
  cid: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsInt({ each: true })
  pidList?: number[];

  @IsOptional()
  @IsBoolean()
  containsEnd?: boolean;

  @IsOptional()
  @IsString()
  keyword?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => InnerDto)
  inner?: InnerDto;

  /** A query filter with the usual query hint. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  status?: number;
}

describe('validation pipe', () => {
  const pipe = createValidationPipe();
  const validate = (value: unknown, metatype: new () => object = FormDto) => pipe.transform(value, { type: 'body', metatype });
  const refusal = async (value: unknown, metatype?: new () => object) => {
    try {
      await validate(value, metatype);
    } catch (e) {
      return e as ApiException;
    }
    throw new Error('expected a refusal');
  };

  it('passes a valid form and returns the DTO instance', async () => {
    const dto = await validate({ username: 'alice', password: 'secret1' });
    expect(dto).toBeInstanceOf(FormDto);
  });

  it('answers the "required" text before the length text of the same field', async () => {
    const e = await refusal({ username: 'alice', password: '' });
    expect([e.status, e.message]).toEqual([400, ERR.passwordRequired]);
  });

  it('answers the first failing field of the form', async () => {
    expect((await refusal({ password: '1' })).message).toBe(ERR.usernameRequired);
    expect((await refusal({ username: 'u'.repeat(21), password: '1' })).message).toBe(ERR.usernameTooLong);
    expect((await refusal({ username: 'alice', password: '1' })).message).toBe(ERR.passwordLength);
  });

  it('drops unknown fields as HOJ does instead of refusing them', async () => {
    const dto = await validate({ username: 'alice', password: 'secret1', role: 1000 });
    expect(dto).toEqual(Object.assign(new FormDto(), { username: 'alice', password: 'secret1' }));
  });

  it('reads numbers and booleans sent as strings where the DTO field is numeric or boolean', async () => {
    const dto = await validate({ cid: '9', pidList: ['1', 2], containsEnd: 'false', keyword: '12', inner: { cid: '3' } }, HojLikeDto);
    expect(dto).toEqual(
      Object.assign(new HojLikeDto(), {
        cid: 9,
        pidList: [1, 2],
        containsEnd: false,
        keyword: '12',
        inner: Object.assign(new InnerDto(), { cid: 3 }),
      }),
    );
  });

  it('reads an empty numeric parameter as not given, even under a @Type(() => Number) hint', async () => {
    const dto = (await validate({ cid: '4', status: '' }, HojLikeDto)) as HojLikeDto;
    expect([dto.cid, dto.status]).toEqual([4, undefined]);
    expect(((await validate({ cid: 4, status: '-1' }, HojLikeDto)) as HojLikeDto).status).toBe(-1);
  });

  it('still refuses strings that do not spell a number, and reads an empty number as missing', async () => {
    expect((await refusal({ cid: 'nine' }, HojLikeDto)).message).toBe(ERR.badRequest);
    expect((await refusal({ cid: '1.5' }, HojLikeDto)).message).toBe(ERR.badRequest);
    expect((await refusal({ cid: '' }, HojLikeDto)).message).toBe(ERR.badRequest);
    expect((await refusal({ cid: 1, pidList: ['x'] }, HojLikeDto)).message).toBe(ERR.badRequest);
    expect((await refusal({ cid: 1, containsEnd: 'yes' }, HojLikeDto)).message).toBe(ERR.badRequest);
  });

  it("never shows class-validator's own English texts", async () => {
    expect((await refusal({ count: 'x' }, NoTextDto)).message).toBe(ERR.badRequest);
    expect(publicValidationMessage('limit must not be greater than 200')).toBe(ERR.badRequest);
    expect(publicValidationMessage('nested property accountLimitRule must be either object or array')).toBe(ERR.badRequest);
    expect(publicValidationMessage('an unknown value was passed to the validate function')).toBe(ERR.badRequest);
    expect(publicValidationMessage(ERR.emailFormat)).toBe(ERR.emailFormat);
  });

  it('refuses a bare string, number, boolean or array where the body is a DTO (the JSON parser takes any value)', async () => {
    for (const bare of ['uid', 5, true, [1, 2]]) {
      await expect(pipe.transform(bare, { type: 'body', metatype: HojLikeDto })).rejects.toMatchObject({ message: ERR.badRequest });
    }
    // A handler that reads the body as it is gets it, and an absent body is an empty DTO as before.
    expect(await pipe.transform('uid', { type: 'body', metatype: Object })).toBe('uid');
    await expect(pipe.transform(null, { type: 'body', metatype: HojLikeDto })).rejects.toMatchObject({ message: ERR.badRequest });
  });

  describe('queries remembered per DTO class', () => {
    const query = (value: unknown, metatype: new () => object = HojLikeDto) => pipe.transform(value, { type: 'query', metatype });

    it('gives every caller its own equal copy, so a handler setting a default changes no other answer', async () => {
      const q = Object.assign(Object.create(null) as object, { cid: '7', pidList: ['1', '2'], status: '' });
      const first = (await query(q)) as HojLikeDto;
      first.status = 3;
      first.pidList!.push(99);
      const second = (await query({ ...q })) as HojLikeDto;
      expect(second).toBeInstanceOf(HojLikeDto);
      expect(second).not.toBe(first);
      expect(second).toEqual(Object.assign(new HojLikeDto(), { cid: 7, pidList: [1, 2], status: undefined }));
      second.pidList!.push(5);
      expect(((await query({ ...q })) as HojLikeDto).pidList).toEqual([1, 2]);
    });

    it('remembers a query from its second sighting on', async () => {
      const validations = jest.spyOn(ValidationPipe.prototype, 'transform');
      try {
        for (let i = 0; i < 4; i++) expect(((await query({ cid: '31' })) as HojLikeDto).cid).toBe(31);
        expect(validations).toHaveBeenCalledTimes(2);
        for (let i = 0; i < 3; i++) await query({ cid: String(40 + i) });
        expect(validations).toHaveBeenCalledTimes(5);
      } finally {
        validations.mockRestore();
      }
    });

    it('refuses a bad query every time, and tells queries apart by every parameter and by DTO class', async () => {
      for (let i = 0; i < 2; i++) await expect(query({ cid: 'nine' })).rejects.toMatchObject({ message: ERR.badRequest });
      expect(((await query({ cid: '8' })) as HojLikeDto).cid).toBe(8);
      expect(((await query({ cid: '8', keyword: 'a' })) as HojLikeDto).keyword).toBe('a');
      await expect(query({ cid: '8' }, NoTextDto)).rejects.toMatchObject({ message: ERR.badRequest });
    });
  });
});
