import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { DataLabel } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Edit Data Label': name and description, no validation (spec 2 §5). */
export function EditLabelDialog({
  label,
  onSave,
  onClose,
}: {
  readonly label: DataLabel;
  readonly onSave: (body: { name: string; description: string }) => Promise<void>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(label.name);
  const [description, setDescription] = useState(label.description);
  const [saving, setSaving] = useState(false);
  const k = 'technical.labels.browser';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(`${k}.editTitle`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t(`${k}.name`)}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label={t(`${k}.description`)}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.cancel`)}</Button>
        <Button
          variant="contained"
          disabled={saving}
          onClick={() => {
            setSaving(true);
            void onSave({ name, description }).finally(() => setSaving(false));
          }}
        >
          {saving ? t(`${k}.updating`) : t(`${k}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
