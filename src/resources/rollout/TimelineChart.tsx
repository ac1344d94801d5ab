/**
 * The rollout's devices over time: how many had succeeded and failed at each point of the progress
 * answer's timeline, two lines drawn by hand in SVG (a chart library for two lines is not worth its
 * weight); the failed line dashed, so that both show where they meet. The image's label says the
 * latest counts for a screen reader.
 */
import { Box, Stack, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import type { RolloutProgress } from '../../schemas/rolloutPlan';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

type Point = RolloutProgress['timeline'][number];

/** The SVG polyline points of one series, time along x, count up y, from the first point to the last. */
export function linePoints(timeline: readonly Point[], series: 'succeeded' | 'failed'): string {
  const times = timeline.map((p) => new Date(p.date).getTime());
  const start = Math.min(...times);
  const span = Math.max(...times) - start || 1;
  const top = Math.max(1, ...timeline.flatMap((p) => [p.succeeded, p.failed]));
  return timeline
    .map((p, i) => {
      const x = PAD + ((times[i] - start) / span) * (WIDTH - 2 * PAD);
      const y = HEIGHT - PAD - (p[series] / top) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

const Key = ({ colour, label }: { colour: string; label: string }) => (
  <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
    <Box aria-hidden component="span" sx={{ width: 16, height: 3, bgcolor: colour }} />
    {label}
  </Typography>
);

export const TimelineChart = ({ timeline }: { timeline: RolloutProgress['timeline'] }) => {
  const latest = timeline[timeline.length - 1];
  if (!latest) return <Typography color="text.secondary">{ownMessages.rolloutChartEmpty}</Typography>;
  return (
    <Box>
      <Box
        component="svg"
        role="img"
        aria-label={ownMessages.rolloutChartText(latest.succeeded, latest.failed)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        sx={{ width: '100%', maxWidth: WIDTH, height: 'auto', display: 'block', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Box component="polyline" points={linePoints(timeline, 'succeeded')} sx={{ fill: 'none', stroke: (t) => t.palette.success.main, strokeWidth: 2 }} />
        <Box component="polyline" points={linePoints(timeline, 'failed')} sx={{ fill: 'none', stroke: (t) => t.palette.error.main, strokeWidth: 2, strokeDasharray: '6 4' }} />
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 0.5 }}>
        <Key colour="success.main" label={ownMessages.rolloutChartSucceeded} />
        <Key colour="error.main" label={ownMessages.rolloutChartFailed} />
      </Stack>
    </Box>
  );
};
