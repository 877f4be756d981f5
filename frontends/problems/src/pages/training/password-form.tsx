/** The password form of a private training (product §6): shown when not public, not entered and not admin. */
import { useIntl } from 'react-intl';
import { PasswordEntryForm } from '@oj/kit';
import { registerTraining } from '../../api/training';
import { useTraining } from './context';

export function TrainingPasswordForm() {
  const intl = useIntl();
  const { tid, reload } = useTraining();
  return (
    <PasswordEntryForm
      testId="training-password"
      hint={intl.formatMessage({ id: 'problems.training.privateHint' })}
      placeholder={intl.formatMessage({ id: 'problems.training.passwordPlaceholder' })}
      enteredText={intl.formatMessage({ id: 'problems.training.passwordEntered' })}
      enter={(password) => registerTraining(tid, password)}
      onEntered={reload}
    />
  );
}
