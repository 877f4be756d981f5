/** Rating after each rated contest, drawn by @ant-design/plots, with the colour bands of the thresholds. */
import { Line } from '@ant-design/plots';
import { RatingHistoryItem } from '@oj/contracts';
import { formatDateTime } from '@oj/kit';

export default function RatingChart({ history, label }: { history: RatingHistoryItem[]; label: string }) {
  const data = history.map((h) => ({
    contest: h.title,
    time: formatDateTime(h.endTime).slice(0, 10),
    rating: h.newRating,
    rank: h.rank,
  }));
  return (
    <div data-testid="rating-chart">
      <Line
        data={data}
        height={260}
        xField="time"
        yField="rating"
        point={{ shapeField: 'circle', sizeField: 3 }}
        axis={{ y: { title: label } }}
        tooltip={{
          title: 'contest',
          items: [
            { channel: 'y', name: label },
            { field: 'rank', name: '#' },
          ],
        }}
      />
    </div>
  );
}
