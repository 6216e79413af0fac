import { useTheme } from '@mui/material';
import type { Axis, ChartFrame } from './qualityControlLogic';

/** Axes, grid and axis titles of an SVG chart drawn in `frame`. */
export function ChartAxes({
  frame,
  axis,
  xTitle,
  yTitle,
  xDigits = 0,
}: {
  frame: ChartFrame;
  axis: Axis;
  xTitle: string;
  yTitle: string;
  xDigits?: number;
}) {
  const theme = useTheme();
  const { width, height, margin } = frame;
  const bottom = height - margin.bottom;
  const right = width - margin.right;
  const muted = theme.palette.text.secondary;
  return (
    <g fontSize={11} fill={muted}>
      {axis.y.map((tick) => (
        <g key={`y${tick.value}`}>
          <line
            x1={margin.left}
            x2={right}
            y1={tick.position}
            y2={tick.position}
            stroke={theme.palette.divider}
          />
          <text x={margin.left - 6} y={tick.position + 4} textAnchor="end">
            {Number(tick.value.toFixed(3))}
          </text>
        </g>
      ))}
      {axis.x.map((tick) => (
        <text key={`x${tick.value}`} x={tick.position} y={bottom + 16} textAnchor="middle">
          {tick.value.toFixed(xDigits)}
        </text>
      ))}
      <line x1={margin.left} x2={right} y1={bottom} y2={bottom} stroke={muted} />
      <line x1={margin.left} x2={margin.left} y1={margin.top} y2={bottom} stroke={muted} />
      <text x={(margin.left + right) / 2} y={height - 6} textAnchor="middle">
        {xTitle}
      </text>
      <text
        transform={`translate(14 ${(margin.top + bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {yTitle}
      </text>
    </g>
  );
}
