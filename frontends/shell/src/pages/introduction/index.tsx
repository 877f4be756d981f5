import { FormattedMessage } from 'react-intl';
import { Card } from '../../layout/light-ui';

export function IntroductionPage() {
  return (
    <Card title={<FormattedMessage id="shell.introduction.title" />}>
      <p>
        <FormattedMessage id="shell.introduction.judge" />
      </p>
      <p>
        <FormattedMessage id="shell.introduction.results" />
      </p>
      <p>
        <FormattedMessage id="shell.introduction.io" />
      </p>
    </Card>
  );
}
