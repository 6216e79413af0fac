import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** "Save and continue" and "Skip" under every setup step. */
export function StepActions(props: {
  readonly busy: boolean;
  /** Absent when the user may not save this step: only Skip is offered. */
  readonly onSave?: () => void;
  readonly onSkip: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
      {props.onSave !== undefined && (
        <Button variant="contained" disabled={props.busy} onClick={props.onSave}>
          {t('setup.saveAndContinue')}
        </Button>
      )}
      <Button disabled={props.busy} onClick={props.onSkip}>
        {t('setup.skip')}
      </Button>
    </Stack>
  );
}
