/** /contest/:contestId/admin-print (contest admins): print requests, printed in the browser and marked. */
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Input, Table, Tag } from 'antd';
import { ContestPrintItem, DEFAULT_PAGE_SIZE, Page, PrintStatus } from '@oj/contracts';
import { formatDateTime } from '@oj/kit';
import { checkContestPrint, getContestPrints } from '../../api/contest';
import { useContest } from '../contest-detail/context';

/** Opens the text in a window of its own and asks the browser to print it; false when no window opened. */
function printText(row: ContestPrintItem): boolean {
  const w = window.open('', '_blank');
  if (!w) return false;
  const pre = w.document.createElement('pre');
  pre.textContent = `${row.username}${row.realname ? ` (${row.realname})` : ''}  ${formatDateTime(row.gmtCreate)}\n\n${row.content}`;
  w.document.body.appendChild(pre);
  w.print();
  return true;
}

export function ContestAdminPrintPage() {
  const intl = useIntl();
  const { message } = App.useApp();
  const { cid } = useContest();
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<Page<ContestPrintItem> | null>(null);
  const load = useCallback(
    () =>
      getContestPrints(cid, current, DEFAULT_PAGE_SIZE, keyword || undefined)
        .then(setPage)
        .catch(() => undefined),
    [cid, current, keyword],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const print = async (row: ContestPrintItem) => {
    // a blocked pop-up printed nothing: the request stays "not printed"
    if (!printText(row)) return void message.warning(intl.formatMessage({ id: 'contest.adminPrint.popupBlocked' }));
    try {
      await checkContestPrint(cid, row.id);
      void load();
    } catch {
      // shown by the client
    }
  };
  return (
    <Card data-testid="contest-admin-print" title={<FormattedMessage id="contest.menu.adminPrint" />}>
      <Input.Search
        allowClear
        style={{ width: 220, marginBottom: 16 }}
        placeholder={intl.formatMessage({ id: 'contest.adminPrint.search' })}
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Table<ContestPrintItem>
        rowKey="id"
        size="small"
        loading={!page}
        dataSource={page?.records ?? []}
        pagination={{ current, pageSize: DEFAULT_PAGE_SIZE, total: page?.total ?? 0, onChange: setCurrent }}
        columns={[
          {
            title: <FormattedMessage id="contest.adminPrint.user" />,
            dataIndex: 'username',
            render: (v: string, r) => (r.realname ? `${v} (${r.realname})` : v),
          },
          { title: <FormattedMessage id="contest.adminPrint.time" />, dataIndex: 'gmtCreate', render: formatDateTime },
          {
            title: <FormattedMessage id="contest.adminPrint.status" />,
            dataIndex: 'status',
            render: (s: number) =>
              s === PrintStatus.Printed ? (
                <Tag color="green">
                  <FormattedMessage id="contest.adminPrint.printed" />
                </Tag>
              ) : (
                <Tag>
                  <FormattedMessage id="contest.adminPrint.notPrinted" />
                </Tag>
              ),
          },
          {
            title: <FormattedMessage id="contest.adminPrint.option" />,
            key: 'option',
            render: (_: unknown, r) => (
              <Button size="small" onClick={() => print(r)}>
                <FormattedMessage id="contest.adminPrint.print" />
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
