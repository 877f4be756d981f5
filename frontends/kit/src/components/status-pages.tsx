import { Button, Result, Spin } from 'antd';
import type { ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { LocaleMessages } from '@oj/kit/core';
import { LocaleProvider } from '../i18n/locale-provider';

const goHome = () => {
  window.history.pushState(null, '', '/home');
};

/** A full-page result with a translated title and text and one button (never a blank screen). */
function StatusPage(props: { testId: string; status: ResultProps['status']; id: string; action: 'home' | 'reload' }) {
  const button =
    props.action === 'home' ? (
      <Button type="primary" onClick={goHome}>
        <FormattedMessage id="kit.common.backHome" />
      </Button>
    ) : (
      <Button onClick={() => window.location.reload()}>
        <FormattedMessage id="kit.loadError.retry" />
      </Button>
    );
  return (
    <div data-testid={props.testId}>
      <Result
        status={props.status}
        title={<FormattedMessage id={`${props.id}.title`} />}
        subTitle={props.action === 'home' ? <FormattedMessage id={`${props.id}.description`} /> : undefined}
        extra={button}
      />
    </div>
  );
}

/**
 * A translated page for an area this site's deployment leaves out: every area is built, but a runtime remote
 * manifest may omit a remote (shell README), and its paths then say so instead of a 404.
 */
export const AreaNotInstalled = () => <StatusPage testId="area-not-installed" status="info" id="kit.areaNotInstalled" action="home" />;

export const NotFound = () => <StatusPage testId="not-found" status="404" id="kit.notFound" action="home" />;

/**
 * A thing that does not exist (a problem, contest, submission...): its own title and a way back, given by the
 * page as a link of its router (`back`), or home when it gives none.
 */
export function NotFoundResult({ title, back }: { title: ReactNode; back?: ReactNode }) {
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title={title}
        extra={
          back ?? (
            <Button type="primary" onClick={goHome}>
              <FormattedMessage id="kit.common.backHome" />
            </Button>
          )
        }
      />
    </div>
  );
}

/** The "back to the list" button of a NotFoundResult, inside the page's own link. */
export const BackToList = () => (
  <Button type="primary">
    <FormattedMessage id="kit.common.backToList" />
  </Button>
);

const KIT_TEXTS_ONLY: LocaleMessages = { 'zh-CN': {}, 'en-US': {} };

/**
 * A remote whose tree failed (single-spa's error boundary, outside the remote's own providers): its own
 * locale provider with kit's texts, and a reload.
 */
export const LoadFailed = () => (
  <LocaleProvider messages={KIT_TEXTS_ONLY}>
    <StatusPage testId="load-failed" status="error" id="kit.loadError" action="reload" />
  </LocaleProvider>
);

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
