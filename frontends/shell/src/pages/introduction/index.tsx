import { FormattedMessage } from 'react-intl';
import { Card, Typography } from 'antd';

export function IntroductionPage() {
  return (
    <Card title={<FormattedMessage id="shell.introduction.title" />}>
      <Typography.Paragraph>
        <FormattedMessage id="shell.introduction.judge" />
      </Typography.Paragraph>
      <Typography.Paragraph>
        <FormattedMessage id="shell.introduction.results" />
      </Typography.Paragraph>
      <Typography.Paragraph>
        <FormattedMessage id="shell.introduction.io" />
      </Typography.Paragraph>
    </Card>
  );
}
