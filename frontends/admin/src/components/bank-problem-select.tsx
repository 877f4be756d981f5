/**
 * The bank picker of the "add a problem" forms (contest, training, exam). Site admins search the admin list
 * (or the screen's own list, `siteOptions`); in a group (issue 17) "from public" searches the public problem
 * list and "from group" the group's own bank, whose problems HOJ's add-*-from-group calls take by problem id.
 */
import { ProFormSelect } from '@ant-design/pro-components';
import { AdminProblem, Page, ProblemListItem } from '@oj/contracts';
import { api, call } from '@oj/kit';
import { getProblemList } from '../api/admin';
import { ScopedClient, useScopedClient } from '../scope';

/** Where the added problem comes from: the public bank (value pid) or the group's bank (value problemId). */
export type BankSource = 'public' | 'group';

export interface BankOption {
  value: number | string;
  label: string;
}

const PICK_LIMIT = 20;

/** The options for a keyword; a refused search offers nothing (the client showed why). */
export async function bankOptions(
  c: ScopedClient,
  source: BankSource,
  keyword: string | undefined,
  siteOptions?: (keyword?: string) => Promise<BankOption[]>,
): Promise<BankOption[]> {
  try {
    if (c.gid == null) {
      if (siteOptions) return await siteOptions(keyword);
      const page = await getProblemList({ currentPage: 1, limit: PICK_LIMIT, keyword });
      return page.records.map((p) => ({ value: p.id!, label: `${p.problemId} ${p.title}` }));
    }
    if (source === 'group') {
      const page = await call<Page<AdminProblem>>(
        c.get('/admin/problem/get-problem-list', { params: { currentPage: 1, limit: PICK_LIMIT, keyword } }),
      );
      return page.records.map((p) => ({ value: p.problemId, label: `${p.problemId} ${p.title}` }));
    }
    const page = await call<Page<ProblemListItem>>(
      api.get('/get-problem-list', { params: { currentPage: 1, limit: PICK_LIMIT, keyword } }),
    );
    return page.records.map((p) => ({ value: p.pid, label: `${p.problemId} ${p.title}` }));
  } catch (_e) {
    return [];
  }
}

export function BankProblemSelect({
  name = 'pid',
  source = 'public',
  label,
  requiredMessage,
  testId,
  siteOptions,
  multiple = false,
}: {
  name?: string;
  source?: BankSource;
  label: string;
  requiredMessage: string;
  testId?: string;
  siteOptions?: (keyword?: string) => Promise<BankOption[]>;
  /** Several problems at once; the value is then the chosen options ({ value, label }), to name them in a report. */
  multiple?: boolean;
}) {
  const client = useScopedClient();
  return (
    <ProFormSelect
      name={name}
      label={label}
      showSearch
      rules={[{ required: true, message: requiredMessage }]}
      mode={multiple ? 'multiple' : undefined}
      fieldProps={{ filterOption: false, 'data-testid': testId, ...(multiple ? { labelInValue: true } : {}) } as object}
      debounceTime={300}
      params={{ source, gid: client.gid }}
      request={({ keyWords }) => bankOptions(client, source, keyWords || undefined, siteOptions)}
    />
  );
}
