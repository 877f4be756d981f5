import { Locale } from '@oj/contracts';
import { Messages } from './locale-check';
import kitZh from '../locales/zh-CN';
import kitEn from '../locales/en-US';

export type LocaleMessages = Record<Locale, Messages>;
/** kit's own texts; every app's IntlProvider merges them under its own. */
export const kitMessages: LocaleMessages = { 'zh-CN': kitZh, 'en-US': kitEn };
