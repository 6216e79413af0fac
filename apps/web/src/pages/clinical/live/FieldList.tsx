import {
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldState } from './fieldMachine';
import type { LiveField } from './useLiveFields';

const STATE_COLOUR: Record<
  FieldState['kind'],
  'default' | 'info' | 'success' | 'warning' | 'error'
> = {
  recording: 'error',
  stored: 'default',
  uploading: 'info',
  waiting_retry: 'warning',
  analysing: 'info',
  analysed: 'success',
  analysis_failed: 'error',
  discarded: 'default',
};

function FieldStateText({ state }: { readonly state: FieldState }) {
  const { t } = useTranslation();
  switch (state.kind) {
    case 'waiting_retry':
      return (
        <Typography variant="body2" color="warning.main">
          {t('live.fields.retry', { attempt: state.attempt, error: state.error })}
        </Typography>
      );
    case 'analysis_failed':
      return (
        <Typography variant="body2" color="error">
          {state.error}
        </Typography>
      );
    case 'discarded':
      return (
        <Typography variant="body2" color="text.secondary">
          {t(
            state.cause === 'camera_ended'
              ? 'live.fields.cameraEnded'
              : 'live.fields.discardedByYou',
          )}
        </Typography>
      );
    case 'recording':
    case 'stored':
    case 'uploading':
    case 'analysing':
    case 'analysed':
      return null;
  }
}

/** The fields of this session with their state, dropped frames, and discard / take back. */
export function FieldList(props: {
  readonly fields: readonly LiveField[];
  readonly onDiscard: (id: string) => void;
  readonly onRestore: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (props.fields.length === 0)
    return <Typography color="text.secondary">{t('live.fields.none')}</Typography>;
  return (
    <List dense data-testid="live-fields">
      {props.fields.map(({ stored, state, timing }) => (
        <ListItem key={stored.id} data-testid="live-field" data-state={state.kind} disableGutters>
          <ListItemText
            primary={
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <span>{stored.name}</span>
                <Chip
                  size="small"
                  color={STATE_COLOUR[state.kind]}
                  label={t(`live.fields.state.${state.kind}`)}
                />
                {(state.kind === 'uploading' || state.kind === 'analysing') && (
                  <CircularProgress size={14} />
                )}
                {timing !== null && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={timing.dropped_over_limit ? 'error' : 'default'}
                    data-testid="live-field-dropped"
                    label={t(
                      timing.dropped_over_limit ? 'live.fields.droppedOver' : 'live.fields.dropped',
                      {
                        frames: timing.dropped_frames,
                        share: (100 * timing.dropped_share).toFixed(1),
                      },
                    )}
                  />
                )}
                {state.kind === 'discarded' ? (
                  state.videoId !== null && (
                    <Button size="small" onClick={() => props.onRestore(stored.id)}>
                      {t('live.fields.restore')}
                    </Button>
                  )
                ) : (
                  <Button
                    size="small"
                    color="warning"
                    disabled={state.kind === 'uploading' || state.kind === 'recording'}
                    onClick={() => props.onDiscard(stored.id)}
                    data-testid="live-field-discard"
                  >
                    {t('live.fields.discard')}
                  </Button>
                )}
              </Stack>
            }
            secondary={<FieldStateText state={state} />}
          />
        </ListItem>
      ))}
    </List>
  );
}
