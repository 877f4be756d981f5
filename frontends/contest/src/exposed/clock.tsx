/**
 * Exposed as 'contest/clock' for other remotes (the exam remote, product §4 "Contest and exam status"): the
 * contest clock (status by the server's time, countdown, progress), the access rules of product §6 and the
 * countdown, status and auth tags. The tags carry their own texts (the host does not know the contest's ids).
 */
import { ReactNode, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { ContestAuth, ContestStatus } from '@oj/contracts';
import { kitMessages, useLocale } from '@oj/kit';
import { contestMessages } from '../locales';
import { ContestCountdown, useHumanDuration } from '../components/contest-countdown';
import { ContestAuthTag, ContestStatusTag } from '../components/contest-tags';
import type { Countdown } from '../lib/clock';

export * from '../lib/clock';
export { isContestAdmin, menuDisabled, mustEnterToView, showPasswordForm } from '../lib/rules';
export type { Viewer } from '../lib/rules';

/**
 * Only the texts. No antd providers: this remote's antd copy draws the tags with no ConfigProvider above them, which
 * is enough for tags (no locale texts, and no frontend sets theme tokens); an extra wrapper element would break
 * inline layouts.
 */
function Texts({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const messages = useMemo(() => ({ ...kitMessages[locale], ...contestMessages[locale] }), [locale]);
  return (
    <IntlProvider locale={locale} messages={messages}>
      {children}
    </IntlProvider>
  );
}

export function CountdownText(props: { countdown: Countdown; startTime: string }) {
  return (
    <Texts>
      <ContestCountdown {...props} />
    </Texts>
  );
}

export function StatusTag({ status }: { status: ContestStatus }) {
  return (
    <Texts>
      <ContestStatusTag status={status} />
    </Texts>
  );
}

export function AuthTag({ auth }: { auth: ContestAuth }) {
  return (
    <Texts>
      <ContestAuthTag auth={auth} />
    </Texts>
  );
}

function Human({ seconds }: { seconds: number }) {
  return <>{useHumanDuration()(seconds)}</>;
}

/** A duration in words ("2 h 30 min"), in the page's language. */
export function HumanDuration({ seconds }: { seconds: number }) {
  return (
    <Texts>
      <Human seconds={seconds} />
    </Texts>
  );
}
