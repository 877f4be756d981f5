/** The OI test groups (subtasks) as a form control: number, score and rule of each group; rows added and removed. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SUBTASK_RULES } from '@oj/contracts';
import type { CaseGroup, SubtaskRule } from '@oj/contracts';
import { useT } from '../../i18n';

const RULE_LABELS: Record<SubtaskRule, string> = {
  all: 'admin.problemEdit.groupRuleAll',
  min: 'admin.problemEdit.groupRuleMin',
  sum: 'admin.problemEdit.groupRuleSum',
};

export interface GroupTableProps {
  value?: CaseGroup[];
  onChange?: (rows: CaseGroup[]) => void;
}

export function GroupTable({ value = [], onChange }: GroupTableProps) {
  const { t } = useT();
  const update = (index: number, patch: Partial<CaseGroup>) =>
    onChange?.(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const columns: ColumnsType<CaseGroup & { key: number }> = [
    {
      title: t('admin.problemEdit.groupNum'),
      dataIndex: 'groupNum',
      width: 120,
      render: (n: number, _r, i) => (
        <InputNumber min={1} precision={0} value={n} onChange={(v) => update(i, { groupNum: v ?? 1 })} data-testid={`group-num-${i}`} />
      ),
    },
    {
      title: t('admin.problemEdit.groupScore'),
      dataIndex: 'score',
      width: 120,
      render: (n: number, _r, i) => (
        <InputNumber min={0} precision={0} value={n} onChange={(v) => update(i, { score: v ?? 0 })} data-testid={`group-score-${i}`} />
      ),
    },
    {
      title: t('admin.problemEdit.groupRule'),
      dataIndex: 'rule',
      render: (rule: CaseGroup['rule'], _r, i) => (
        <Select
          style={{ minWidth: 200 }}
          value={rule}
          onChange={(r) => update(i, { rule: r })}
          options={SUBTASK_RULES.map((r) => ({ value: r, label: t(RULE_LABELS[r]) }))}
          data-testid={`group-rule-${i}`}
        />
      ),
    },
    {
      width: 56,
      render: (_v, _r, i) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('admin.common.delete')}
          onClick={() => onChange?.(value.filter((_row, j) => j !== i))}
        />
      ),
    },
  ];
  const nextNum = Math.max(0, ...value.map((g) => Number(g.groupNum) || 0)) + 1;
  return (
    <>
      <Table
        size="small"
        pagination={false}
        columns={columns}
        dataSource={value.map((row, key) => ({ ...row, key }))}
        locale={{ emptyText: t('admin.problemEdit.noGroups') }}
        data-testid="group-table"
      />
      <Button
        style={{ marginTop: 8 }}
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { groupNum: nextNum, score: 0, rule: 'all' }])}
        data-testid="group-add"
      >
        {t('admin.problemEdit.addGroup')}
      </Button>
    </>
  );
}
