/** The top 10 teams as a bar chart (@ant-design/plots, loaded with the dashboard's other charts). */
import { Bar } from '@ant-design/plots';
import { countScale } from './integer-ticks';
import { TopGroupRow } from '@oj/contracts';

export default function TopGroupsChart({ rows }: { rows: TopGroupRow[] }) {
  const data = rows.map((r) => ({ group: `${r.name} (${r.shortName})`, solved: r.solved }));
  return (
    <Bar
      data={data}
      xField="group"
      yField="solved"
      height={Math.max(160, rows.length * 32)}
      scale={countScale()}
      label={{ text: 'solved' }}
    />
  );
}
