import * as path from 'path';
import { describeLocaleCompleteness } from '../../kit/src/i18n/locale-test-helper';
import { kitMessages } from '../../kit/src/i18n/locale-provider';
import { contestMessages } from '../src/locales';

describeLocaleCompleteness({
  name: 'contest',
  locales: contestMessages,
  inherited: kitMessages,
  srcDir: path.join(__dirname, '../src'),
  prefixes: ['contest.', 'kit.'],
});

describe('contest locale extras', () => {
  it('has a text for every OI score type the overview builds an id for', () => {
    for (const t of ['Recent', 'Highest']) {
      expect(contestMessages['en-US'][`contest.oiScoreType.${t}`]).toBeTruthy();
      expect(contestMessages['zh-CN'][`contest.oiScoreType.${t}`]).toBeTruthy();
    }
  });
});
