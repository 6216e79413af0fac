import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  cellShade,
  confusionRows,
  formatShare,
  isEvaluationClass,
  type ModelEvaluation,
} from './evaluationLogic';

const k = 'technical.training.evaluation';

/** A class name in the user's language; a class the page does not know shows as the server names it. */
function useClassName() {
  const { t } = useTranslation();
  return (name: string) => (isEvaluationClass(name) ? t(`${k}.classes.${name}`) : name);
}

/** Validation accuracy and crops per class of the kept epoch. */
function ClassAccuracyTable({ evaluation }: { readonly evaluation: ModelEvaluation }) {
  const { t } = useTranslation();
  const className = useClassName();
  return (
    <Table size="small" aria-label={t(`${k}.title`)}>
      <TableHead>
        <TableRow>
          <TableCell>{t(`${k}.class`)}</TableCell>
          <TableCell align="right">{t(`${k}.accuracy`)}</TableCell>
          <TableCell align="right">{t(`${k}.count`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {evaluation.per_class.map((entry) => (
          <TableRow key={entry.class}>
            <TableCell>{className(entry.class)}</TableCell>
            <TableCell align="right">{formatShare(entry.accuracy)}</TableCell>
            <TableCell align="right">{entry.count}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Counts of true (rows) against predicted (columns) classes, shaded by their share of the row. */
function ConfusionGrid({ evaluation }: { readonly evaluation: ModelEvaluation }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const className = useClassName();
  const rows = confusionRows(evaluation);
  const compact = { px: 0.75, py: 0.5, fontSize: theme.typography.caption.fontSize };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t(`${k}.confusionTitle`)}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...compact, fontStyle: 'italic' }}>{t(`${k}.corner`)}</TableCell>
            {rows.map((row) => (
              <TableCell key={row.className} align="center" sx={compact}>
                {className(row.className)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.className}>
              <TableCell component="th" scope="row" sx={compact}>
                {className(row.className)}
              </TableCell>
              {row.cells.map((cell, column) => {
                const shade = cellShade(cell.share);
                const predicted = rows[column]?.className ?? '';
                return (
                  <TableCell
                    key={predicted}
                    align="center"
                    title={t(`${k}.cell`, {
                      count: cell.count,
                      total: row.total,
                      actual: className(row.className),
                      predicted: className(predicted),
                      share: formatShare(row.total > 0 ? cell.share : null),
                    })}
                    sx={{
                      ...compact,
                      minWidth: 40,
                      fontWeight: cell.correct ? 700 : 400,
                      bgcolor: alpha(theme.palette.primary.main, shade.opacity),
                      color: shade.lightText ? theme.palette.primary.contrastText : 'inherit',
                      border: `1px solid ${theme.palette.divider}`,
                    }}
                  >
                    {cell.count}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A morphology model's validation scores: overall accuracy, per class and the confusion matrix. */
export function ModelEvaluationView({ evaluation }: { readonly evaluation: ModelEvaluation }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2">{t(`${k}.title`)}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t(`${k}.overall`, { accuracy: formatShare(evaluation.accuracy) })}
      </Typography>
      <Stack spacing={2}>
        <ClassAccuracyTable evaluation={evaluation} />
        <Box>
          <Typography variant="subtitle2">{t(`${k}.confusionTitle`)}</Typography>
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
            {t(`${k}.confusionAxes`)}
          </Typography>
          <ConfusionGrid evaluation={evaluation} />
        </Box>
      </Stack>
    </Box>
  );
}
