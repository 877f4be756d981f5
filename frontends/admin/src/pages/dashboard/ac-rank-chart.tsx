/** The recent 7 days' top 10 by AC as a bar chart (@ant-design/plots, loaded with the dashboard's charts). */
import { Bar } from '@ant-design/plots';
import { countScale } from './integer-ticks';
import { RecentAcRankRow } from '@oj/contracts';

export default function AcRankChart({ rows }: { rows: RecentAcRankRow[] }) {
  const data = rows.map((r) => ({ user: r.nickname ? `${r.username} (${r.nickname})` : r.username, ac: r.ac }));
  return <Bar data={data} xField="user" yField="ac" height={Math.max(160, rows.length * 32)} scale={countScale()} label={{ text: 'ac' }} />;
}
