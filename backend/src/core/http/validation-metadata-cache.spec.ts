import { IsInt, IsString, getMetadataStorage, validate } from 'class-validator';
import { memoiseValidationMetadata } from './validation-metadata-cache';

memoiseValidationMetadata();

class Base {
  @IsInt()
  n!: number;
}

class Child extends Base {
  @IsString()
  s!: string;
}

const rulesOf = (target: new () => unknown) =>
  getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .map((m) => m.propertyName)
    .sort();

it('answers the same rules as class-validator, inherited ones included, from memory the second time', async () => {
  expect(rulesOf(Child)).toEqual(['n', 's']);
  const first = getMetadataStorage().getTargetValidationMetadatas(Child, '', true, false);
  expect(getMetadataStorage().getTargetValidationMetadatas(Child, '', true, false)).toBe(first);
  // Other options are other entries.
  expect(getMetadataStorage().getTargetValidationMetadatas(Child, '', true, false, ['g'])).not.toBe(first);
  const bad = Object.assign(new Child(), { n: 'x', s: 3 });
  expect((await validate(bad)).map((e) => e.property).sort()).toEqual(['n', 's']);
});

it('sees a rule registered after the first lookup (a class whose decorators run late)', async () => {
  class Late {
    a!: string;
  }
  expect(rulesOf(Late)).toEqual([]);
  IsString()(Late.prototype, 'a');
  expect(rulesOf(Late)).toEqual(['a']);
  expect((await validate(Object.assign(new Late(), { a: 1 }))).map((e) => e.property)).toEqual(['a']);
});
