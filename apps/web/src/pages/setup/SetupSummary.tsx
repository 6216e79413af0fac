import {
  Alert,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SETUP_STEPS, STEP_HOME, type SetupProgress } from './setupSteps';

/** The end of setup: what was saved or skipped, where each is changed later, and the way on. */
export function SetupSummary(props: {
  readonly progress: SetupProgress;
  readonly dashboardPath: string;
  /** Recording that setup is finished: the dashboard waits for it, or it would send back here. */
  readonly recording: 'pending' | 'failed' | 'done';
  readonly recordError: string;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h6" component="h2">
        {t('setup.done.title')}
      </Typography>
      <Typography color="textSecondary">{t('setup.done.message')}</Typography>
      <List disablePadding>
        {SETUP_STEPS.map((step) => (
          <ListItem
            key={step}
            divider
            secondaryAction={
              <Button size="small" onClick={() => void navigate(STEP_HOME[step])}>
                {t(`setup.done.where.${step}`)}
              </Button>
            }
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ListItemText primary={t(`setup.steps.${step}`)} />
              <Chip
                size="small"
                color={props.progress.outcomes[step] === 'saved' ? 'success' : 'default'}
                label={
                  props.progress.outcomes[step] === 'saved'
                    ? t('setup.done.saved')
                    : t('setup.done.skipped')
                }
              />
            </Stack>
          </ListItem>
        ))}
      </List>
      {props.recording === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={props.onRetry}>
              {t('setup.done.retry')}
            </Button>
          }
        >
          {t('setup.done.recordFailed', { message: props.recordError })}
        </Alert>
      )}
      <Stack direction="row">
        <Button
          variant="contained"
          disabled={props.recording === 'pending'}
          onClick={() => void navigate(props.dashboardPath)}
        >
          {t('setup.done.goToDashboard')}
        </Button>
      </Stack>
    </Stack>
  );
}
