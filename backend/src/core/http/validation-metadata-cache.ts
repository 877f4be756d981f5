import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** A DTO class, as class-validator takes it. */
type Target = abstract new (...args: never[]) => unknown;

type Lookup = (
  targetConstructor: Target,
  targetSchema: string,
  always: boolean,
  strictGroups: boolean,
  groups?: string[],
) => ValidationMetadata[];

let installed = false;

/**
 * Memoises class-validator's `getTargetValidationMetadatas` per DTO class and options. Unmemoised, every
 * validated body and query walks the metadata of every validated class of the app (an `instanceof` per
 * class, to find inherited rules): a few percent of the CPU of each request in the profiles. The rules of a
 * class never change once its decorators ran; any rule registered later (a class loaded late) empties the
 * memo. The validator only reads the array it gets.
 */
export function memoiseValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage() as unknown as {
    getTargetValidationMetadatas: Lookup;
    addValidationMetadata(m: unknown): void;
    addConstraintMetadata(m: unknown): void;
  };
  const lookup = storage.getTargetValidationMetadatas.bind(storage) as Lookup;
  let memo = new WeakMap<Target, Map<string, ValidationMetadata[]>>();
  for (const add of ['addValidationMetadata', 'addConstraintMetadata'] as const) {
    const original = storage[add].bind(storage);
    storage[add] = (m: unknown) => {
      memo = new WeakMap();
      original(m);
    };
  }
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    if (typeof targetConstructor !== 'function') return lookup(targetConstructor, targetSchema, always, strictGroups, groups);
    const key = `${targetSchema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${groups ? groups.join('\u0001') : '-'}`;
    let byOptions = memo.get(targetConstructor);
    if (!byOptions) memo.set(targetConstructor, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(targetConstructor, targetSchema, always, strictGroups, groups)));
    return found;
  };
}
