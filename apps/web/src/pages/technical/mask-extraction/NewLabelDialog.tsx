import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const k = 'technical.maskExtraction';

/**
 * Name and description of a new morphology data label; the name must not be blank. Mounted
 * when opened, so each opening starts from the suggested name.
 */
export function NewLabelDialog({
  open,
  suggestedName,
  creating,
  onCancel,
  onCreate,
}: {
  readonly open: boolean;
  readonly suggestedName: string;
  readonly creating: boolean;
  readonly onCancel: () => void;
  readonly onCreate: (label: { name: string; description: string }) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(suggestedName);
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = name.trim() === '';
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{t(`${k}.newLabelTitle`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t(`${k}.labelName`)}
            value={name}
            required
            autoFocus
            error={touched && blank}
            helperText={touched && blank ? t(`${k}.nameRequired`) : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
          />
          <TextField
            label={t(`${k}.labelDescription`)}
            value={description}
            multiline
            minRows={2}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t(`${k}.cancel`)}</Button>
        <Button
          variant="contained"
          disabled={blank || creating}
          onClick={() => onCreate({ name: name.trim(), description: description.trim() })}
        >
          {t(`${k}.create`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
