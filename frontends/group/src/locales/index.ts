import type { LocaleMessages } from '@oj/kit';
import zhCN from './zh-CN';
import enUS from './en-US';

export const groupMessages: LocaleMessages = { 'zh-CN': zhCN, 'en-US': enUS };
