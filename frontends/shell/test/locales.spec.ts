import * as path from 'path';
import { describeLocaleCompleteness } from '../../kit/src/i18n/locale-test-helper';
import { kitMessages } from '../../kit/src/i18n/locale-provider';
import { shellMessages } from '../src/locales';

describeLocaleCompleteness({
  name: 'shell',
  locales: shellMessages,
  inherited: kitMessages,
  srcDir: path.join(__dirname, '../src'),
  prefixes: ['shell.', 'kit.'],
});
