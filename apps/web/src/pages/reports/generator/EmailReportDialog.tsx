import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { EMAIL_MAX, NOTE_MAX, SUBJECT_MAX } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailAddress } from './reportGeneratorLogic';

export interface EmailFields {
  readonly recipient: string;
  readonly subject: string;
  readonly message: string;
}

/** Recipient (required), subject and message; `onSend` sends and closes, or reports its failure. */
export function EmailReportDialog({
  reportTitle,
  onSend,
  onClose,
}: {
  readonly reportTitle: string;
  readonly onSend: (fields: EmailFields) => Promise<boolean>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [recipient, setRecipient] = useState('');
  const [subject, setSubject] = useState(() =>
    t('reportGenerator.emailDialog.defaultSubject', { title: reportTitle }),
  );
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const recipientError =
    recipient.trim() === ''
      ? t('reportGenerator.emailDialog.recipientRequired')
      : isEmailAddress(recipient)
        ? null
        : t('reportGenerator.emailDialog.recipientInvalid');

  const send = async () => {
    setTouched(true);
    if (recipientError !== null) return;
    setBusy(true);
    const sent = await onSend({ recipient: recipient.trim(), subject, message });
    setBusy(false);
    if (sent) onClose();
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('reportGenerator.emailDialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('reportGenerator.emailDialog.recipient')}
            type="email"
            required
            autoFocus
            value={recipient}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
            onChange={(event) => setRecipient(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && recipientError !== null}
            helperText={touched ? recipientError : null}
          />
          <TextField
            label={t('reportGenerator.emailDialog.subject')}
            value={subject}
            slotProps={{ htmlInput: { maxLength: SUBJECT_MAX } }}
            onChange={(event) => setSubject(event.target.value)}
          />
          <TextField
            label={t('reportGenerator.emailDialog.message')}
            multiline
            minRows={4}
            value={message}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
            onChange={(event) => setMessage(event.target.value)}
          />
          <Typography variant="body2" color="textSecondary">
            {t('reportGenerator.emailDialog.attachmentNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('reportGenerator.emailDialog.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} loading={busy}>
          {t('reportGenerator.emailDialog.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
