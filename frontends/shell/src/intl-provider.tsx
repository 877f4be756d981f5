/** react-intl for the shell's own chrome, without antd: kit's and the shell's texts in the chosen locale. */
import { ReactNode, useEffect, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, Locale } from '@oj/contracts';
import { kitMessages, useLocale } from '@oj/kit/core';
import { loadShellMessages, useShellMessages } from './locales/loaded';

export function ShellIntlProvider({ children }: { children: ReactNode }) {
  const chosen = useLocale();
  const loaded = useShellMessages();
  // The chosen language once its texts are here (bootstrap loads the first one before drawing); until then the
  // page stays in the language it was in.
  useEffect(() => void loadShellMessages(chosen).catch(() => undefined), [chosen]);
  const locale: Locale = loaded[chosen] ? chosen : ((Object.keys(loaded)[0] as Locale | undefined) ?? chosen);
  const messages = useMemo(() => ({ ...kitMessages[locale], ...loaded[locale] }), [locale, loaded]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}
