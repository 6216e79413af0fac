import type { LeveyJennings } from '@sarm/contracts';
import { Box, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ChartAxes } from './ChartAxes';
import {
  ANALYTE_UNIT,
  CHART_FRAME,
  leveyJenningsGeometry,
  levelLabel,
} from './qualityControlLogic';

/** Levey–Jennings chart: runs in order against the mean and ±1–3 SD; violating runs in red. */
export function LeveyJenningsChart({ chart }: { chart: LeveyJennings }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const frame = CHART_FRAME;
  const geometry = leveyJenningsGeometry(chart, frame);
  const right = frame.width - frame.margin.right;
  const stroke = (kind: string) =>
    kind === 'mean'
      ? theme.palette.primary.main
      : kind === 'sd3'
        ? theme.palette.error.main
        : kind === 'sd2'
          ? theme.palette.warning.main
          : theme.palette.text.disabled;
  const path = geometry.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      role="img"
      aria-label={t('qc.lj.plotLabel')}
      data-testid="levey-jennings-chart"
      sx={{ width: '100%', maxWidth: frame.width, height: 'auto', display: 'block' }}
    >
      <ChartAxes
        frame={frame}
        axis={geometry.axis}
        xTitle={t('qc.lj.xAxis')}
        yTitle={t('qc.lj.yAxis', { unit: ANALYTE_UNIT[chart.series.analyte] })}
      />
      {geometry.lines.map((line, index) => (
        <g key={line.key}>
          <line
            x1={frame.margin.left}
            x2={right}
            y1={line.y}
            y2={line.y}
            stroke={stroke(line.kind)}
            strokeDasharray={line.kind === 'mean' ? undefined : '5 4'}
            strokeWidth={line.kind === 'mean' ? 1.5 : 1}
          />
          <text x={right + 4} y={line.y + 4} fontSize={11} fill={theme.palette.text.primary}>
            {`${levelLabel(index)} ${line.value.toFixed(1)}`}
          </text>
        </g>
      ))}
      <path d={path} fill="none" stroke={theme.palette.text.secondary} strokeWidth={1} />
      {geometry.points.map((point) => {
        const rejected = point.violations.length > 0;
        return (
          <g key={point.key}>
            <circle
              cx={point.x}
              cy={point.y}
              r={rejected ? 6 : 4}
              fill={rejected ? theme.palette.error.main : theme.palette.primary.main}
            >
              <title>{point.label}</title>
            </circle>
            {rejected && (
              <text
                x={point.x}
                y={point.y - 10}
                textAnchor="middle"
                fontSize={11}
                fontWeight={600}
                fill={theme.palette.error.main}
              >
                {point.violations.join(', ')}
              </text>
            )}
          </g>
        );
      })}
    </Box>
  );
}
