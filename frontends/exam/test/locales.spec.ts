import * as path from 'path';
import { describeLocaleCompleteness } from '../../kit/src/i18n/locale-test-helper';
import { kitMessages } from '../../kit/src/i18n/locale-provider';
import { examMessages } from '../src/locales';

describeLocaleCompleteness({
  name: 'exam',
  locales: examMessages,
  inherited: kitMessages,
  srcDir: path.join(__dirname, '../src'),
  prefixes: ['exam.', 'kit.'],
});

describe('exam locale extras', () => {
  it('has a text for every question type and save state the screens build an id for', () => {
    for (const id of [1, 2, 3, 4]
      .map((t) => `exam.questionType.${t}`)
      .concat(['idle', 'pending', 'saving', 'error'].map((s) => `exam.save.${s}`))) {
      expect(examMessages['en-US'][id]).toBeTruthy();
      expect(examMessages['zh-CN'][id]).toBeTruthy();
    }
  });
});
