import { DEFAULT_DISCUSSION_CATEGORIES } from '@oj/contracts';

/**
 * A discussion category's name as shown: the seeded defaults (stored in English by the first migration) in the
 * reader's language, any other name as the admin wrote it.
 */
export function discussionCategoryName(formatMessage: (d: { id: string }) => string, name: string): string {
  return (DEFAULT_DISCUSSION_CATEGORIES as readonly string[]).includes(name)
    ? formatMessage({ id: `kit.discussionCategory.${name}` })
    : name;
}
