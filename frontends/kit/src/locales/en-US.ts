import { JUDGE_STATUS_NAMES, JudgeStatus } from '@oj/contracts';
import { Messages } from '../i18n/locale-check';

const statusNames: Messages = {};
for (const [code, { name }] of Object.entries(JUDGE_STATUS_NAMES as Record<JudgeStatus, { name: string }>)) {
  statusNames[`kit.judgeStatus.${code}`] = name;
}

const enUS: Messages = {
  'kit.areaNotInstalled.title': 'Not installed on this site',
  'kit.areaNotInstalled.description': "This site's deployment does not include this part. Ask the site's administrator if you need it.",
  'kit.common.backHome': 'Back to home',
  'kit.discussionCategory.General': 'General',
  'kit.discussionCategory.Solutions': 'Solutions',
  'kit.discussionCategory.Questions': 'Questions',
  'kit.difficulty.0': 'Beginner',
  'kit.difficulty.1': 'Easy',
  'kit.difficulty.2': 'Fairly easy',
  'kit.difficulty.3': 'Medium',
  'kit.difficulty.4': 'Fairly hard',
  'kit.difficulty.5': 'Hard',
  'kit.difficulty.6': 'Very hard',
  'kit.notFound.title': '404',
  'kit.notFound.description': 'Sorry, the page you visited does not exist.',
  'kit.loading.text': 'Loading…',
  'kit.loadError.title': 'The page failed to load',
  'kit.loadError.retry': 'Reload',
  'kit.mdImage.insert': 'Insert image',
  'kit.mdEditor.write': 'Write',
  'kit.mdEditor.preview': 'Preview',
  'kit.copy.done': 'Copied',
  'kit.copy.failed': 'Copied failed',
  ...statusNames,
  'kit.queue.place': '#{position} in queue',
  'kit.password.required': 'Please enter the password',
  'kit.password.enter': 'Enter',
  'kit.queue.placeAndWait': '#{position} in queue · about {seconds} s',
  'kit.common.backToList': 'Back to the list',
  'kit.rules.ac.group': 'Creating a group needs at least {ac} solved problems; you have solved {solved}.',
  'kit.rules.ac.post': 'Posting needs at least {ac} solved problems; you have solved {solved}.',
  'kit.rules.ac.comment': 'Commenting needs at least {ac} solved problems; you have solved {solved}.',
  'kit.rules.daily.group': 'At most {limit} new groups a day; {today} today.',
  'kit.rules.daily.post': 'At most {limit} posts a day; {today} today.',
  'kit.rules.daily.comment': 'At most {limit} comments a day; {today} today.',
  'kit.rules.total.group': 'At most {limit} groups owned per user; you own {owned}.',
};
export default enUS;
