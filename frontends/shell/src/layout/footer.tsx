import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Layout, Segmented, Space } from 'antd';
import { LOCALES, Locale } from '@oj/contracts';
import { setLocale, useLocale, useWebsiteConfig } from '@oj/kit';

const LOCALE_LABEL: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export function Footer() {
  const locale = useLocale();
  const config = useWebsiteConfig();
  return (
    <Layout.Footer style={{ textAlign: 'center' }} data-testid="footer">
      <Space wrap split="|">
        <Link to="/status">
          <FormattedMessage id="shell.footer.judgingQueue" />
        </Link>
        <Link to="/developer">
          <FormattedMessage id="shell.footer.systemInfo" />
        </Link>
        <Link to="/introduction">
          <FormattedMessage id="shell.footer.help" />
        </Link>
        <Segmented<Locale>
          size="small"
          value={locale}
          onChange={setLocale}
          data-testid="locale-switch"
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABEL[l] }))}
        />
      </Space>
      <div style={{ marginTop: 8, color: '#888' }}>
        {config.recordName && (
          <a href={config.recordUrl || '#'} target="_blank" rel="noreferrer" style={{ marginRight: 12 }}>
            {config.recordName}
          </a>
        )}
        <FormattedMessage id="shell.footer.poweredBy" values={{ name: config.shortName }} />
      </div>
    </Layout.Footer>
  );
}
