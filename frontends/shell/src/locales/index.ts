import type { LocaleMessages } from '@oj/kit/core';
import zhCN from './zh-CN';
import enUS from './en-US';

export const shellMessages: LocaleMessages = { 'zh-CN': zhCN, 'en-US': enUS };
