/** The dashboard warns while no mail server is set up (issue #21), in both languages. */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { Locale } from '@oj/contracts';
import { MESSAGES } from '../src/i18n';
import { MailWarning } from '../src/pages/dashboard/mail-warning';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
function render(locale: Locale, emailConfigured: boolean | null, canConfigure = true) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <IntlProvider locale={locale} messages={MESSAGES[locale]}>
        <MemoryRouter>
          <MailWarning emailConfigured={emailConfigured} canConfigure={canConfigure} />
        </MemoryRouter>
      </IntlProvider>,
    ),
  );
}
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});
const warning = () => document.querySelector('[data-testid="dashboard-mail-warning"]');

describe('dashboard mail warning', () => {
  it('warns in zh-CN while no SMTP server is set, with a link to the config for the super admin', () => {
    render('zh-CN', false);
    expect(warning()?.textContent).toContain('尚未配置邮件（SMTP）服务');
    expect(warning()?.querySelector('a')?.getAttribute('href')).toBe('/conf');
  });

  it('warns in en-US, without the link for an admin who cannot change the config', () => {
    render('en-US', false, false);
    expect(warning()?.textContent).toContain('No mail (SMTP) server is set up');
    expect(warning()?.querySelector('a')).toBeNull();
  });

  it('says nothing when mail is configured or not yet known', () => {
    render('zh-CN', true);
    expect(warning()).toBeNull();
    act(() => root.unmount());
    host.remove();
    render('zh-CN', null);
    expect(warning()).toBeNull();
  });
});
