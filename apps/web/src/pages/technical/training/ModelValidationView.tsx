import { Grid, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Model } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { formatScore } from '../prediction/comparisonLogic';
import { validationToShow } from './validationLogic';

const k = 'technical.training.details.validation';

/**
 * A detector's validation figures: precision, recall and F1 of its kept weights on the frames
 * training held out, at the matching radius, and which frames those were; "not measured here"
 * for an imported model. Nothing for morphology models (they show their own evaluation).
 */
export function ModelValidationView({ model }: { readonly model: Model }) {
  const { t } = useTranslation();
  const shown = validationToShow(model);
  if (shown.kind === 'none') return null;
  const title = <Typography variant="subtitle2">{t(`${k}.title`)}</Typography>;
  if (shown.kind !== 'measured')
    return (
      <>
        {title}
        <Typography variant="body2" color="textSecondary">
          {t(`${k}.${shown.kind}`)}
        </Typography>
      </>
    );
  const v = shown.validation;
  const facts = [
    ['f1', formatScore(v.f1)],
    ['precision', formatScore(v.precision)],
    ['recall', formatScore(v.recall)],
  ] as const;
  return (
    <>
      {title}
      <Typography variant="body2" color="textSecondary">
        {t(`${k}.summary`, {
          epoch: v.epoch,
          frames: v.frame_count,
          radius: v.match_radius_px,
          threshold: v.threshold.toFixed(2),
        })}
      </Typography>
      <Grid container spacing={1}>
        {facts.map(([name, value]) => (
          <Grid key={name} size={{ xs: 6, sm: 3 }}>
            <Typography variant="caption" color="textSecondary">
              {t(`${k}.names.${name}`)}
            </Typography>
            <Typography variant="body2">{value ?? '—'}</Typography>
          </Grid>
        ))}
        <Grid size={{ xs: 6, sm: 3 }}>
          <Typography variant="caption" color="textSecondary">
            {t(`${k}.names.counts`)}
          </Typography>
          <Typography variant="body2">
            {t(`${k}.countsValue`, {
              tp: v.true_positives,
              fp: v.false_positives,
              fn: v.false_negatives,
            })}
          </Typography>
        </Grid>
      </Grid>
      <Typography variant="caption" color="textSecondary">
        {t(`${k}.framesTitle`, { n: v.frame_count })}
      </Typography>
      <List dense disablePadding sx={{ maxHeight: 160, overflow: 'auto' }}>
        {v.frames.map((frame) => (
          <ListItem key={frame.frame_id} disableGutters>
            <ListItemText
              primary={t(`${k}.frame`, { video: frame.video_name, frame: frame.frame_number })}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
