import { ReactNode, useEffect, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCNAntd from 'antd/locale/zh_CN';
import enUSAntd from 'antd/locale/en_US';
import { DEFAULT_LOCALE, Locale } from '@oj/contracts';
import { Messages } from './locale-check';
import { useLocale } from './locale-store';
import kitZh from '../locales/zh-CN';
import kitEn from '../locales/en-US';

export type LocaleMessages = Record<Locale, Messages>;
export const kitMessages: LocaleMessages = { 'zh-CN': kitZh, 'en-US': kitEn };

/** react-intl + antd locale for one app's tree; follows the shared locale store. */
export function LocaleProvider({ messages, children }: { messages: LocaleMessages; children: ReactNode }) {
  const locale = useLocale();
  const merged = useMemo(() => ({ ...kitMessages[locale], ...messages[locale] }), [locale, messages]);
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
