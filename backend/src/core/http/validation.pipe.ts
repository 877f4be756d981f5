import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ERR } from '@oj/contracts';
import { ClassConstructor, ClassTransformOptions, instanceToPlain, plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { BadRequestError } from './api.exception';
import { memoiseValidationMetadata } from './validation-metadata-cache';

/** Constraints reported first when several fail on one field: "required" before "length". */
const PRECEDENCE = ['isDefined', 'isNotEmpty', 'isString'];

/** The text of the first failing rule, depth first; rules without a catalogue text answer ERR.badRequest. */
export function firstValidationMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = error.constraints ?? {};
    const keys = Object.keys(constraints);
    if (keys.length) {
      const key = PRECEDENCE.find((k) => keys.includes(k)) ?? keys[0];
      return constraints[key];
    }
    if (error.children?.length) return firstValidationMessage(error.children);
  }
  return ERR.badRequest;
}

/** class-validator's default texts ("limit must be an integer number") name internals: they are not shown. */
const DEFAULT_TEXT = /^([\w.[\]]+ (must|should|has to|is not)|each value in )/;

export function publicValidationMessage(msg: string): string {
  return DEFAULT_TEXT.test(msg) ? ERR.badRequest : msg;
}

/** class-validator rules that make a field numeric, whatever its TypeScript type says. */
const NUMERIC_RULES = new Set(['isInt', 'isNumber', 'min', 'max', 'isPositive', 'isNegative']);
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

interface FieldKinds {
  numbers: Set<string>;
  numberLists: Set<string>;
  booleans: Set<string>;
}
const kindsByClass = new WeakMap<object, FieldKinds>();

/** Which fields of a DTO class are numbers, lists of numbers or booleans (computed once per class). */
function fieldKinds(target: ClassConstructor<object>): FieldKinds {
  let kinds = kindsByClass.get(target);
  if (kinds) return kinds;
  kinds = { numbers: new Set(), numberLists: new Set(), booleans: new Set() };
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)) {
    const name = meta.propertyName;
    const type = Reflect.getMetadata('design:type', target.prototype, name) as unknown;
    const rule = meta.name ?? '';
    if (type === Number || (NUMERIC_RULES.has(rule) && !meta.each)) kinds.numbers.add(name);
    else if (type === Boolean) kinds.booleans.add(name);
    if (meta.each && NUMERIC_RULES.has(rule)) kinds.numberLists.add(name);
  }
  kindsByClass.set(target, kinds);
  return kinds;
}

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  // Spring reads an empty parameter of a numeric field as "not given".
  if (value.trim() === '') return undefined;
  return NUMBER_TEXT.test(value) ? Number(value) : value;
}

/**
 * HOJ's clients are served by Jackson and Spring, which read `"cid": "9"`, `?pid=3` and `"true"` into numeric and
 * boolean fields. Each DTO's own rules say which fields are numeric, so no DTO needs a per-field hint: strings that
 * spell a number become numbers there, and anything else is left for the rules to refuse.
 */
function coerceScalars(instance: unknown, seen = new Set<object>()): void {
  if (!instance || typeof instance !== 'object' || seen.has(instance)) return;
  seen.add(instance);
  if (Array.isArray(instance)) {
    for (const item of instance) coerceScalars(item, seen);
    return;
  }
  const ctor = (instance as object).constructor as ClassConstructor<object>;
  if (!ctor || ctor === Object) return;
  const record = instance as Record<string, unknown>;
  const kinds = fieldKinds(ctor);
  for (const name of kinds.numbers) if (name in record) record[name] = toNumber(record[name]);
  for (const name of kinds.numberLists) {
    const list = record[name];
    if (Array.isArray(list)) record[name] = list.map(toNumber);
  }
  for (const name of kinds.booleans) {
    const value = record[name];
    if (value === 'true' || value === 'false') record[name] = value === 'true';
    else if (value === '') record[name] = undefined;
  }
  for (const value of Object.values(record)) coerceScalars(value, seen);
}

/**
 * The top level is read before class-transformer sees it too: its `@Type(() => Number)` hints would turn the
 * empty parameter `status=` into 0, a filter the client never asked for.
 */
function coerceTopLevel(cls: ClassConstructor<object>, plain: unknown): unknown {
  if (!plain || typeof plain !== 'object' || Array.isArray(plain)) return plain;
  const kinds = fieldKinds(cls);
  const copy: Record<string, unknown> = { ...(plain as Record<string, unknown>) };
  for (const name of kinds.numbers) if (name in copy) copy[name] = toNumber(copy[name]);
  return copy;
}

const transformer = {
  plainToInstance<T>(cls: ClassConstructor<T>, plain: unknown, options?: ClassTransformOptions): T {
    const instance = plainToInstance(cls, coerceTopLevel(cls as ClassConstructor<object>, plain), options);
    coerceScalars(instance);
    return instance;
  },
  classToPlain: instanceToPlain,
};

/**
 * Class-validator DTOs as HOJ's clients expect them: fields the DTO does not name are dropped (Jackson ignores
 * them), numbers and booleans sent as strings are read as such, and the known fields are validated as strictly as
 * ever, answering 400 with the §8 text.
 */
export function createValidationPipe(): ValidationPipe {
  memoiseValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    transformerPackage: transformer as never,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      return new BadRequestError(publicValidationMessage(firstValidationMessage(errors)));
    },
  });
}
