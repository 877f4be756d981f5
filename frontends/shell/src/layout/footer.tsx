import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { LOCALES, Locale } from '@oj/contracts';
import { UserLink, setLocale, useLocale, useWebsiteConfig } from '@oj/kit/core';
import { useIsMobile } from './use-media';
import { loadShellMessages } from '../locales/loaded';

const LOCALE_LABEL: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export function Footer() {
  const locale = useLocale();
  const config = useWebsiteConfig();
  // On a phone the language switch wraps to its own line: no "|" left dangling after 帮助 (issue 37 item 14).
  const mobile = useIsMobile();
  return (
    <footer className="oj-footer" data-testid="footer">
      <div className="oj-footer-links">
        <Link to="/status">
          <FormattedMessage id="shell.footer.judgingQueue" />
        </Link>
        <span className="oj-split">|</span>
        <Link to="/developer">
          <FormattedMessage id="shell.footer.systemInfo" />
        </Link>
        <span className="oj-split">|</span>
        <Link to="/introduction">
          <FormattedMessage id="shell.footer.help" />
        </Link>
        {mobile ? <span className="oj-line-break" aria-hidden /> : <span className="oj-split">|</span>}
        <div className="oj-segmented" role="radiogroup" data-testid="locale-switch">
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              role="radio"
              aria-checked={l === locale}
              className={l === locale ? 'oj-segmented-item oj-selected' : 'oj-segmented-item'}
              onClick={() => void loadShellMessages(l).finally(() => setLocale(l))}
            >
              {LOCALE_LABEL[l]}
            </button>
          ))}
        </div>
      </div>
      <div className="oj-footer-note">
        {config.recordName &&
          (config.recordUrl ? (
            <UserLink href={config.recordUrl} fallback={config.recordName}>
              {config.recordName}
            </UserLink>
          ) : (
            <span>{config.recordName}</span>
          ))}
        <FormattedMessage id="shell.footer.poweredBy" values={{ name: config.shortName }} />
      </div>
    </footer>
  );
}
