/** Cells of the submission calendar: every day of the 53 weeks ending on endDate. */
import { UserCalendarHeatmap } from '@oj/contracts';

export interface HeatCell {
  week: number;
  weekday: number;
  date: string;
  count: number;
}

const DAY_MS = 86_400_000;
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Every day of the 53 weeks ending on endDate, with 0 where nothing was submitted. */
export function calendarCells(calendar: UserCalendarHeatmap): HeatCell[] {
  const counts = new Map(calendar.dataList.map((d) => [d.date, d.count]));
  const [y, m, d] = calendar.endDate.split('-').map(Number);
  const end = new Date(y, m - 1, d);
  const start = new Date(end.getTime() - (52 * 7 + end.getDay()) * DAY_MS);
  const cells: HeatCell[] = [];
  for (let t = start.getTime(), i = 0; t <= end.getTime(); t += DAY_MS, i++) {
    const day = new Date(t);
    const date = iso(day);
    cells.push({ week: Math.floor(i / 7), weekday: day.getDay(), date, count: counts.get(date) ?? 0 });
  }
  return cells;
}

/**
 * The month label of each week column where a month begins (the week holding its 1st), e.g. 0 → "12月", 4 → "1月"
 * in zh-CN; weeks without a label are absent. The first column is labelled only when it starts with its month's
 * 1st–7th, so a sliver of the previous month gets no name beside the next one.
 */
export function monthLabels(cells: HeatCell[], locale: string): Map<number, string> {
  const format = new Intl.DateTimeFormat(locale, { month: 'short' });
  const labels = new Map<number, string>();
  for (const cell of cells) {
    const [y, m, d] = cell.date.split('-').map(Number);
    const first = cell.week === 0 && cell.weekday === 0 && d <= 7;
    if (d === 1 || first) labels.set(cell.week, format.format(new Date(y, m - 1, 1)));
  }
  return labels;
}
