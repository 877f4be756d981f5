/** The password form of a private or protected exam (product §6): kit's form with the exam's texts. */
import { useIntl } from 'react-intl';
import { ContestAuth } from '@oj/contracts';
import { PasswordEntryForm } from '@oj/kit';
import { registerExam } from '../../api/exam';
import { useExam } from './context';

export function PasswordForm() {
  const intl = useIntl();
  const { eid, info, reload } = useExam();
  return (
    <PasswordEntryForm
      testId="exam-password"
      hint={intl.formatMessage({ id: info.auth === ContestAuth.Protected ? 'exam.password.protectedHint' : 'exam.password.privateHint' })}
      placeholder={intl.formatMessage({ id: 'exam.password.placeholder' })}
      enteredText={intl.formatMessage({ id: 'exam.password.entered' })}
      enter={(password) => registerExam(eid, password)}
      onEntered={reload}
    />
  );
}
