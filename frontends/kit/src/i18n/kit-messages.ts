import { Locale } from '@oj/contracts';
import { Messages } from './locale-check';
import kitZh from '../locales/zh-CN';
import kitEn from '../locales/en-US';
import { serverMessages } from './server-messages';

export type LocaleMessages = Record<Locale, Messages>;
/** kit's own texts and the server texts (`server.<code>`); every app's IntlProvider merges them under its own. */
export const kitMessages: LocaleMessages = {
  'zh-CN': { ...serverMessages['zh-CN'], ...kitZh },
  'en-US': { ...serverMessages['en-US'], ...kitEn },
};
