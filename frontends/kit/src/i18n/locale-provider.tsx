import { ReactNode, useEffect, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCNAntd from 'antd/locale/zh_CN';
import enUSAntd from 'antd/locale/en_US';
import { DEFAULT_LOCALE } from '@oj/contracts';
import { LocaleMessages, kitMessages, useLocale } from '@oj/kit/core';
import { installResponsiveStyles } from '../components/responsive-styles';

// kept here too for the locale tests of every package (README)
export { kitMessages };

/** react-intl + antd locale for one app's tree; follows the shared locale store. */
export function LocaleProvider({ messages, children }: { messages: LocaleMessages; children: ReactNode }) {
  const locale = useLocale();
  const merged = useMemo(() => ({ ...kitMessages[locale], ...messages[locale] }), [locale, messages]);
  useEffect(installResponsiveStyles, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={merged}>
      <ConfigProvider locale={locale === 'zh-CN' ? zhCNAntd : enUSAntd}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </IntlProvider>
  );
}
