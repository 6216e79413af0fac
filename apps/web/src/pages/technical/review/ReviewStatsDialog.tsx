import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import type { ReviewStats } from '@sarm/contracts';
import { REVIEW_STATUSES } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { statusShares } from './reviewLogic';

/** Units per status, for detection and morphology labels. */
export function ReviewStatsDialog({
  stats,
  onClose,
}: {
  readonly stats: ReviewStats | undefined;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const k = 'technical.labels.review';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(`${k}.statsTitle`)}</DialogTitle>
      <DialogContent>
        {stats === undefined ? (
          <LinearProgress />
        ) : (
          (['detection', 'morphology'] as const).map((kind) => {
            const shares = statusShares(stats[kind]);
            return (
              <Stack key={kind} spacing={1} sx={{ mb: 3 }}>
                <Typography variant="subtitle1">{t(`${k}.tabs.${kind}`)}</Typography>
                {REVIEW_STATUSES.map((status) => (
                  <Stack key={status} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" sx={{ width: 150 }}>
                      {t(`${k}.status.${status}`)}
                    </Typography>
                    <LinearProgress
                      variant="determinate"
                      value={shares[status]}
                      sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
                    />
                    <Typography variant="body2" sx={{ width: 80, textAlign: 'right' }}>
                      {stats[kind][status]} ({shares[status]}%)
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            );
          })
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
