/**
 * Server texts in the user's language (issue #21). The API keeps HOJ's English `msg` and adds a stable
 * `msgCode` (contracts messages.ts); the client shows the zh-CN or en-US form of that code through
 * react-intl, and the server's `msg` itself for a text outside the catalogues.
 */
import { createIntl, createIntlCache, IntlShape } from 'react-intl';
import {
  DEFAULT_LOCALE,
  Locale,
  MESSAGE_DEFS,
  messageCodeOf,
  messageParams,
  reasonedMessage,
  serverMessageId,
  withReason,
} from '@oj/contracts';
import { serverZhCN } from '../locales/server-zh-CN';
import { Messages } from './locale-check';
import { localeStore } from './locale-store';

function build(): Record<Locale, Messages> {
  const zh: Messages = {};
  const en: Messages = {};
  for (const def of MESSAGE_DEFS.values()) {
    en[serverMessageId(def.code)] = def.en;
    // A code without its zh-CN form shows the English text (server-messages.spec.ts keeps this from happening).
    zh[serverMessageId(def.code)] = serverZhCN[def.code] ?? def.en;
  }
  return { 'zh-CN': zh, 'en-US': en };
}

/** `server.<code>` ids of every catalogue text, per locale; merged into kitMessages. */
export const serverMessages: Record<Locale, Messages> = build();

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();
function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages: serverMessages[locale] }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/**
 * The text to show for a server message: by `code` (the envelope's msgCode; when absent, the code of a
 * catalogue `msg`), in `locale` (the user's by default); `msg` itself when it is no catalogue text.
 * A catalogue text with a reason appended shows its catalogue part translated and the reason as sent.
 */
export function localizeServerMessage(msg: string, code?: string | null, locale: Locale = localeStore.get()): string {
  const known = code && MESSAGE_DEFS.has(code) ? code : messageCodeOf(msg);
  if (!known) {
    // A catalogue text with a reason appended (withReason): the text in the user's language, the reason as sent.
    const reasoned = reasonedMessage(msg);
    return reasoned ? withReason(localizeServerMessage(reasoned.base, reasoned.code, locale), reasoned.reason) : msg;
  }
  return intlFor(locale).formatMessage({ id: serverMessageId(known) }, messageParams(known, msg));
}
