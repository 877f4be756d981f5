/** The last year's submissions per day as a calendar heatmap (weeks across, weekdays down), drawn by @ant-design/plots. */
import { useMemo } from 'react';
import { Heatmap } from '@ant-design/plots';
import { UserCalendarHeatmap } from '@oj/contracts';
import { useIntl } from 'react-intl';
import { calendarCells, monthLabels } from './calendar-cells';

export default function SubmissionHeatmap({ calendar, label }: { calendar: UserCalendarHeatmap; label: string }) {
  const { locale } = useIntl();
  const data = useMemo(() => calendarCells(calendar), [calendar]);
  const months = useMemo(() => monthLabels(data, locale), [data, locale]);
  return (
    <div data-testid="submission-heatmap">
      <Heatmap
        data={data}
        height={190}
        xField="week"
        yField="weekday"
        colorField="count"
        mark="cell"
        scale={{ color: { range: ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'] } }}
        style={{ inset: 1 }}
        // Month names over the weeks where a month begins (issue 37 item 14); no weekday axis, no other labels.
        axis={{
          x: {
            position: 'top',
            title: false,
            tick: false,
            line: false,
            labelAutoHide: false,
            labelAutoRotate: false,
            labelFormatter: (week: number) => months.get(Number(week)) ?? '',
          },
          y: false,
        }}
        legend={false}
        tooltip={{ title: 'date', items: [{ channel: 'color', name: label }] }}
      />
    </div>
  );
}
