/**
 * The languages live judge workers offer (GET /api/languages), with each one's compiler or runtime version,
 * compile and run commands and its time and memory factors.
 */
import { FormattedMessage } from 'react-intl';
import { Card, Empty, Spin } from 'antd';
import type { LanguageInfo } from '@oj/contracts';
import { useList } from '../home/use-home-data';

export function JudgeLanguages() {
  const languages = useList<LanguageInfo>('/languages');
  return (
    <Card title={<FormattedMessage id="shell.developer.title" />}>
      <p>
        <FormattedMessage id="shell.developer.intro" />
      </p>
      {languages === undefined ? (
        <Spin />
      ) : languages.length === 0 ? (
        <Empty description={<FormattedMessage id="shell.developer.none" />} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table className="oj-table oj-languages" data-testid="developer-languages">
            <thead>
              <tr>
                <th>
                  <FormattedMessage id="shell.developer.language" />
                </th>
                <th>
                  <FormattedMessage id="shell.developer.version" />
                </th>
                <th>
                  <FormattedMessage id="shell.developer.compile" />
                </th>
                <th>
                  <FormattedMessage id="shell.developer.run" />
                </th>
                <th>
                  <FormattedMessage id="shell.developer.timeFactor" />
                </th>
                <th>
                  <FormattedMessage id="shell.developer.memoryExtra" />
                </th>
              </tr>
            </thead>
            <tbody>
              {languages.map((l) => (
                <tr key={l.name}>
                  <td>{l.name}</td>
                  <td>{l.version ?? '-'}</td>
                  <td>
                    <code>{l.compileCommand ?? <FormattedMessage id="shell.developer.noCompile" />}</code>
                  </td>
                  <td>
                    <code>{l.runCommand}</code>
                  </td>
                  <td>×{l.timeFactor ?? 1}</td>
                  <td>{l.memoryExtraMb ? `+${l.memoryExtraMb} MB` : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
