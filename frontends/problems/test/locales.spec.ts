import * as path from 'path';
import { describeLocaleCompleteness } from '../../kit/src/i18n/locale-test-helper';
import { kitMessages } from '../../kit/src/i18n/locale-provider';
import { problemsMessages } from '../src/locales';

describeLocaleCompleteness({
  name: 'problems',
  locales: problemsMessages,
  inherited: kitMessages,
  srcDir: path.join(__dirname, '../src'),
  prefixes: ['problems.', 'kit.'],
});
