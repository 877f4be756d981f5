import { ERR, LIMITS } from '@oj/contracts';
import { IsInt, IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';
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

  it('refuses unknown fields with the generic text', async () => {
    const e = await refusal({ username: 'alice', password: 'secret1', role: 1000 });
    expect([e.status, e.message]).toEqual([400, ERR.badRequest]);
  });

  it("never shows class-validator's own English texts", async () => {
    expect((await refusal({ count: 'x' }, NoTextDto)).message).toBe(ERR.badRequest);
    expect(publicValidationMessage('limit must not be greater than 200')).toBe(ERR.badRequest);
    expect(publicValidationMessage(ERR.emailFormat)).toBe(ERR.emailFormat);
  });
});
