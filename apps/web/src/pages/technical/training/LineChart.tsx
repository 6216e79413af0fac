import { Box, Stack, Typography } from '@mui/material';
import { chartGeometry, type ChartBox, type ChartValues } from './chartLogic';

export interface ChartSeries {
  readonly label: string;
  readonly values: ChartValues;
  readonly color: string;
  readonly dashed?: boolean;
}

const BOX: ChartBox = { width: 420, height: 220, left: 48, right: 12, top: 12, bottom: 28 };

/** A small SVG line chart of per-epoch values with its legend; `empty` shows while nothing is drawn. */
export function LineChart({
  title,
  series,
  empty,
  xLabel,
}: {
  readonly title: string;
  readonly series: readonly ChartSeries[];
  readonly empty: string;
  readonly xLabel: string;
}) {
  const geometry = chartGeometry(
    series.map((item) => item.values),
    BOX,
  );
  const bottom = BOX.height - BOX.bottom;
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      {geometry === null ? (
        <Typography variant="body2" color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
          {empty}
        </Typography>
      ) : (
        <Box
          component="svg"
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          role="img"
          aria-label={title}
          sx={{ width: '100%', height: 'auto', display: 'block' }}
        >
          {geometry.yTicks.map((tick) => (
            <g key={tick.at}>
              <line
                x1={BOX.left}
                x2={BOX.width - BOX.right}
                y1={tick.at}
                y2={tick.at}
                stroke="#e0e0e0"
              />
              <text x={BOX.left - 6} y={tick.at + 4} fontSize="10" textAnchor="end" fill="#666">
                {tick.value.toFixed(3)}
              </text>
            </g>
          ))}
          {geometry.xTicks.map((tick) => (
            <text
              key={tick.value}
              x={tick.at}
              y={bottom + 14}
              fontSize="10"
              textAnchor="middle"
              fill="#666"
            >
              {tick.value}
            </text>
          ))}
          <text
            x={BOX.width - BOX.right}
            y={BOX.height - 2}
            fontSize="10"
            textAnchor="end"
            fill="#666"
          >
            {xLabel}
          </text>
          {geometry.paths.map((path, index) => {
            const item = series[index];
            return item === undefined || path === '' ? null : (
              <path
                key={item.label}
                d={path}
                fill="none"
                stroke={item.color}
                strokeWidth={2}
                strokeDasharray={item.dashed === true ? '5 4' : undefined}
              />
            );
          })}
        </Box>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        {series.map((item) => (
          <Stack key={item.label} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 16, height: 3, bgcolor: item.color }} />
            <Typography variant="caption">{item.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
