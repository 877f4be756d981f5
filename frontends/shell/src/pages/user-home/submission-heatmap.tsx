/** The last year's submissions per day as a calendar heatmap (weeks across, weekdays down), drawn by @ant-design/plots. */
import { useMemo } from 'react';
import { Heatmap } from '@ant-design/plots';
import { UserCalendarHeatmap } from '@oj/contracts';
import { calendarCells } from './calendar-cells';

export default function SubmissionHeatmap({ calendar, label }: { calendar: UserCalendarHeatmap; label: string }) {
  const data = useMemo(() => calendarCells(calendar), [calendar]);
  return (
    <div data-testid="submission-heatmap">
      <Heatmap
        data={data}
        height={170}
        xField="week"
        yField="weekday"
        colorField="count"
        mark="cell"
        scale={{ color: { range: ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'] } }}
        style={{ inset: 1 }}
        axis={false}
        legend={false}
        tooltip={{ title: 'date', items: [{ channel: 'color', name: label }] }}
      />
    </div>
  );
}
