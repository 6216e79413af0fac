import type { MeasureAgreement } from '@sarm/contracts';
import { Box, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ChartAxes } from './ChartAxes';
import { blandAltmanGeometry, CHART_FRAME, formatFigure } from './qualityControlLogic';

/** Bland–Altman plot: difference (CASA − manual) against the mean of both, bias and 95 % limits. */
export function BlandAltmanPlot({ measure, unit }: { measure: MeasureAgreement; unit: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const frame = CHART_FRAME;
  const geometry = blandAltmanGeometry(measure, frame);
  const right = frame.width - frame.margin.right;
  const lineLabel = (kind: string, value: number) =>
    kind === 'bias'
      ? t('qc.agreement.biasLine', { value: formatFigure(value) })
      : kind === 'limit'
        ? t('qc.agreement.limitLine', { value: formatFigure(value) })
        : '';
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      role="img"
      aria-label={t('qc.agreement.plotLabel')}
      data-testid="bland-altman-plot"
      sx={{ width: '100%', maxWidth: frame.width, height: 'auto', display: 'block' }}
    >
      <ChartAxes
        frame={frame}
        axis={geometry.axis}
        xTitle={t('qc.agreement.xAxis', { unit })}
        yTitle={t('qc.agreement.yAxis', { unit })}
        xDigits={1}
      />
      {geometry.lines.map((line) => (
        <g key={line.key}>
          <line
            x1={frame.margin.left}
            x2={right}
            y1={line.y}
            y2={line.y}
            stroke={
              line.kind === 'bias'
                ? theme.palette.primary.main
                : line.kind === 'limit'
                  ? theme.palette.error.main
                  : theme.palette.text.disabled
            }
            strokeDasharray={line.kind === 'limit' ? '6 4' : undefined}
            strokeWidth={line.kind === 'zero' ? 1 : 1.5}
          />
          <text x={right + 4} y={line.y + 4} fontSize={11} fill={theme.palette.text.primary}>
            {lineLabel(line.kind, line.value)}
          </text>
        </g>
      ))}
      {geometry.points.map((point) => (
        <circle
          key={point.key}
          cx={point.x}
          cy={point.y}
          r={5}
          fill={theme.palette.primary.main}
          fillOpacity={0.75}
        >
          <title>{point.label}</title>
        </circle>
      ))}
    </Box>
  );
}
