/**
 * What creating a group, posting a discussion or commenting asks of the user (the site's AC count and limits,
 * PostingRules from `get-group-create-rules` / `get-discussion-rules`), shown above the form before it is filled in:
 * the requirement with the user's own count, and, when the submit would be refused now, the server's reason.
 * Nothing for admins (exempt) or when nothing is asked.
 */
import { FormattedMessage } from 'react-intl';
import { Alert } from 'antd';
import type { PostingRules } from '@oj/contracts';
import { localizeServerMessage, useLocale } from '@oj/kit/core';

export type PostingKind = 'group' | 'post' | 'comment';

export function PostingRulesNotice({ rules, kind }: { rules: PostingRules | null; kind: PostingKind }) {
  const locale = useLocale();
  if (!rules || rules.exempt) return null;
  const lines = [
    rules.acRequired > 0 && (
      <div key="ac">
        <FormattedMessage id={`kit.rules.ac.${kind}`} values={{ ac: rules.acRequired, solved: rules.solved }} />
      </div>
    ),
    rules.dailyLimit !== null && (
      <div key="daily">
        <FormattedMessage id={`kit.rules.daily.${kind}`} values={{ limit: rules.dailyLimit, today: rules.today ?? 0 }} />
      </div>
    ),
    rules.totalLimit !== null && (
      <div key="total">
        <FormattedMessage id="kit.rules.total.group" values={{ limit: rules.totalLimit, owned: rules.owned ?? 0 }} />
      </div>
    ),
  ].filter(Boolean);
  if (!lines.length && !rules.refusal) return null;
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={rules.refusal ? 'warning' : 'info'}
      showIcon
      data-testid={`posting-rules-${kind}`}
      data-allowed={!rules.refusal}
      message={rules.refusal ? localizeServerMessage(rules.refusal, undefined, locale) : lines[0]}
      description={rules.refusal ? lines : lines.length > 1 ? lines.slice(1) : undefined}
    />
  );
}
