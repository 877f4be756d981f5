/** The password form of a private or protected contest (product §6): kit's form with the contest's texts. */
import { useIntl } from 'react-intl';
import { ContestAuth } from '@oj/contracts';
import { PasswordEntryForm } from '@oj/kit';
import { registerContest } from '../../api/contest';
import { useContest } from './context';

export function PasswordForm() {
  const intl = useIntl();
  const { cid, info, reload } = useContest();
  return (
    <PasswordEntryForm
      testId="contest-password"
      hint={intl.formatMessage({
        id: info.auth === ContestAuth.Protected ? 'contest.password.protectedHint' : 'contest.password.privateHint',
      })}
      placeholder={intl.formatMessage({ id: 'contest.password.placeholder' })}
      enteredText={intl.formatMessage({ id: 'contest.password.entered' })}
      enter={(password) => registerContest(cid, password)}
      onEntered={reload}
    />
  );
}
