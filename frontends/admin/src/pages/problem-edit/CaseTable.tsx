/** The judge cases as a form control: uploaded cases (file names, OI scores) or hand-typed ones. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useT } from '../../i18n';
import type { CaseRow } from './problemForm';

export interface CaseTableProps {
  value?: CaseRow[];
  onChange?: (rows: CaseRow[]) => void;
  /** Hand-typed cases: input and output are editable texts, rows can be added and removed. */
  manual: boolean;
  /** OI problems carry a score per case. */
  scored: boolean;
  /** OI problems with test groups: each case names its group (a grouped case is worth its group's score). */
  grouped?: boolean;
}

/** Stored cases name their files inside the problem's data folder; the list shows the file name. */
const baseName = (name: string) => name.split('/').pop() ?? name;

export function CaseTable({ value = [], onChange, manual, scored, grouped = false }: CaseTableProps) {
  const { t } = useT();
  const update = (index: number, patch: Partial<CaseRow>) => onChange?.(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const columns: ColumnsType<CaseRow & { key: number }> = [
    { title: '#', width: 56, render: (_v, _r, i) => i + 1 },
    {
      title: manual ? t('admin.problemEdit.caseInput') : t('admin.problemEdit.caseInputFile'),
      dataIndex: 'input',
      render: (text: string, _r, i) =>
        manual ? (
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={text}
            onChange={(e) => update(i, { input: e.target.value })}
            data-testid={`case-input-${i}`}
          />
        ) : (
          baseName(text)
        ),
    },
    {
      title: manual ? t('admin.problemEdit.caseOutput') : t('admin.problemEdit.caseOutputFile'),
      dataIndex: 'output',
      render: (text: string, _r, i) =>
        manual ? (
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={text}
            onChange={(e) => update(i, { output: e.target.value })}
            data-testid={`case-output-${i}`}
          />
        ) : (
          baseName(text)
        ),
    },
  ];
  if (scored) {
    columns.push({
      title: t('admin.problemEdit.caseScore'),
      dataIndex: 'score',
      width: 120,
      render: (score: number | null, r, i) => (
        <InputNumber
          min={0}
          precision={0}
          value={score ?? undefined}
          disabled={grouped && r.groupNum != null}
          onChange={(s) => update(i, { score: s })}
        />
      ),
    });
  }
  if (scored && grouped) {
    columns.push({
      title: t('admin.problemEdit.caseGroup'),
      dataIndex: 'groupNum',
      width: 120,
      render: (groupNum: number | null, _r, i) => (
        <InputNumber
          min={1}
          precision={0}
          value={groupNum ?? undefined}
          placeholder="-"
          onChange={(g) => update(i, { groupNum: g ?? null })}
          data-testid={`case-group-${i}`}
        />
      ),
    });
  }
  if (manual) {
    columns.push({
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
    });
  }

  return (
    <>
      <Table
        size="small"
        pagination={false}
        columns={columns}
        dataSource={value.map((row, key) => ({ ...row, key }))}
        locale={{ emptyText: t('admin.problemEdit.noCases') }}
        data-testid="case-table"
      />
      {manual && (
        <Button
          style={{ marginTop: 8 }}
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...value, { input: '', output: '', score: scored ? 0 : null }])}
        >
          {t('admin.problemEdit.addCase')}
        </Button>
      )}
    </>
  );
}
