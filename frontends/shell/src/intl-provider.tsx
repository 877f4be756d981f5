/** react-intl for the shell's own chrome, without antd: kit's and the shell's texts in the chosen locale. */
import { ReactNode, useEffect, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE } from '@oj/contracts';
import { kitMessages, useLocale } from '@oj/kit/core';
import { shellMessages } from './locales';

export function ShellIntlProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const messages = useMemo(() => ({ ...kitMessages[locale], ...shellMessages[locale] }), [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}
