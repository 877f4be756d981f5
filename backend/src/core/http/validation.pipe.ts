import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
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
const DEFAULT_TEXT = /^([\w.[\]]+ (must|should|has to|is not)|each value in |nested property |an unknown value )/;

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

/** Query strings remembered (and seen once) per DTO class; each set starts afresh when full. */
const QUERY_MEMO_MAX = 1_000;

/** A query as Express parses it (`?a=1&b=x&b=y`): strings and lists of strings, nothing nested. */
function queryKey(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  let key = '';
  for (const name in value) {
    const v = (value as Record<string, unknown>)[name];
    if (typeof v === 'string') key += `${name}\u0000${v}\u0001`;
    else if (Array.isArray(v) && v.every((item) => typeof item === 'string')) key += `${name}\u0002${v.join('\u0000')}\u0001`;
    else return undefined;
  }
  return key;
}

/** A validated DTO whose fields are all scalars or lists of scalars: those a memo may hand out copies of. */
function isFlat(dto: unknown): dto is object {
  if (!dto || typeof dto !== 'object') return false;
  for (const v of Object.values(dto)) {
    if (v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every((item) => item === null || typeof item !== 'object')))
      return false;
  }
  return true;
}

/** A fresh instance with the same fields (lists copied): handlers may set defaults on the one they get. */
function copyDto<T extends object>(dto: T): T {
  const copy = Object.create(Object.getPrototypeOf(dto) as object) as Record<string, unknown>;
  for (const [k, v] of Object.entries(dto)) copy[k] = Array.isArray(v) ? v.slice() : v;
  return copy as T;
}

/**
 * Nest's ValidationPipe, remembering what each query string of a DTO class validated to. Validation is a pure
 * function of the query (class-transformer and class-validator read nothing else), and clients repeat the same
 * few queries (list pages, a contest id): without the memo, transforming and validating a small query DTO was a
 * tenth of a list request's CPU in the profiles. Refused queries are not remembered (they throw each time), nor
 * DTOs holding nested objects; every caller gets its own copy. A query is remembered on its second sighting:
 * queries seen once (a post picked among thousands, `?did=...`) would only cost a copy and a slot each.
 */
class QueryMemoValidationPipe extends ValidationPipe {
  private readonly memo = new WeakMap<object, Map<string, object>>();
  /** Query strings seen once per DTO class, not remembered yet. */
  private readonly seen = new WeakMap<object, Set<string>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const cls = metadata.metatype;
    // The JSON parser takes any JSON value (HOJ sends bare strings, numbers and arrays to the routes that read one).
    // A route whose body is a DTO reads an object: anything else is refused here, before a handler sees a string
    // where it expects fields (Nest would hand a primitive through once its empty stand-in validated).
    if (metadata.type === 'body' && !metadata.data && value != null && (typeof value !== 'object' || Array.isArray(value)))
      if (this.toValidate(metadata)) throw new BadRequestError(ERR.badRequest);
    const key = metadata.type === 'query' && cls && !metadata.data ? queryKey(value) : undefined;
    if (key === undefined) return super.transform(value, metadata);
    let byQuery = this.memo.get(cls!);
    const known = byQuery?.get(key);
    if (known) return copyDto(known);
    const dto: unknown = await super.transform(value, metadata);
    if (!isFlat(dto) || !(dto instanceof cls!)) return dto;
    let seen = this.seen.get(cls!);
    if (!seen) this.seen.set(cls!, (seen = new Set()));
    if (!seen.delete(key)) {
      if (seen.size >= QUERY_MEMO_MAX) seen.clear();
      seen.add(key);
      return dto;
    }
    if (!byQuery) this.memo.set(cls!, (byQuery = new Map()));
    if (byQuery.size >= QUERY_MEMO_MAX) byQuery.clear();
    byQuery.set(key, copyDto(dto));
    return dto;
  }
}

/**
 * Class-validator DTOs as HOJ's clients expect them: fields the DTO does not name are dropped (Jackson ignores
 * them), numbers and booleans sent as strings are read as such, and the known fields are validated as strictly as
 * ever, answering 400 with the §8 text.
 */
export function createValidationPipe(): ValidationPipe {
  memoiseValidationMetadata();
  const options: ValidationPipeOptions = {
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    transformerPackage: transformer as never,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      return new BadRequestError(publicValidationMessage(firstValidationMessage(errors)));
    },
  };
  return new QueryMemoValidationPipe(options);
}
