import * as path from 'path';
import { describeLocaleCompleteness } from '../../kit/src/i18n/locale-test-helper';
import { kitMessages } from '../../kit/src/i18n/locale-provider';
import { groupMessages } from '../src/locales';

describeLocaleCompleteness({
  name: 'group',
  locales: groupMessages,
  inherited: kitMessages,
  srcDir: path.join(__dirname, '../src'),
  prefixes: ['group.', 'kit.'],
});

describe('group locale extras', () => {
  it('has a text for every id the screens build from a value', () => {
    const ids = [
      ...[1, 2, 3].map((a) => `group.auth.${a}`),
      ...[1, 2, 3].map((a) => `group.join.open.${a}`),
      ...[1, 2, 3, 4, 5].map((l) => `group.level.${l}`),
      ...[1, 2, 3, 4].map((t) => `group.questionType.${t}`),
      ...['join', 'apply', 'code'].flatMap((k) => ['title', 'hint', 'submit', 'done'].map((w) => `group.join.${w}.${k}`)),
      ...['name', 'shortName', 'brief', 'description', 'reason'].map((f) => `group.form.${f}Length`),
      ...['contest', 'exam'].flatMap((a) => [`group.${a}.empty`, `group.menu.${a}`]),
      ...['Public', 'Private'].map((a) => `group.training.auth.${a}`),
      ...[
        'GroupProblemEditor',
        'GroupContestEditor',
        'GroupContestProblems',
        'GroupContestAnnouncements',
        'GroupTrainingEditor',
        'GroupTrainingProblems',
        'GroupExamEditor',
        'GroupExamItems',
        'GroupQuestionEditor',
      ].map((e) => `group.editor.${e}`),
    ];
    for (const id of ids) {
      expect({ id, en: !!groupMessages['en-US'][id], zh: !!groupMessages['zh-CN'][id] }).toEqual({ id, en: true, zh: true });
    }
  });

  it('says the §5 rules with the server texts in en-US', () => {
    expect(groupMessages['en-US']['group.form.nameLength']).toBe('The group name must be 5 to 25 characters long.');
    expect(groupMessages['en-US']['group.form.reasonLength']).toBe('The apply reason must be 5 to 100 characters long.');
  });
});
