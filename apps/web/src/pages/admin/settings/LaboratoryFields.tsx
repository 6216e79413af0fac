import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import {
  DESCRIPTION_MAX,
  LOGO_DATA_URL_MAX,
  LOGO_DATA_URL_PATTERN,
  NAME_MAX,
  PHONE_MAX,
  type SystemSettings,
} from '@sarm/contracts';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

type General = SystemSettings['general'];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/**
 * The laboratory identity printed at the head of every report: name, address, phone,
 * accreditation and a PNG or JPEG logo kept as a data URL in the settings.
 */
export function LaboratoryFields(props: {
  readonly value: General;
  readonly onChange: (next: General) => void;
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const [logoError, setLogoError] = useState<string | null>(null);

  const pickLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    const url = await readAsDataUrl(file).catch(() => '');
    if (!LOGO_DATA_URL_PATTERN.test(url)) return setLogoError(t('admin.sys.logoWrongType'));
    if (url.length > LOGO_DATA_URL_MAX)
      return setLogoError(t('admin.sys.logoTooLarge', { kb: LOGO_DATA_URL_MAX / 1024 }));
    setLogoError(null);
    onChange({ ...value, laboratoryLogo: url });
  };

  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
        {t('admin.sys.laboratoryTitle')}
      </Typography>
      <TextField
        size="small"
        label={t('admin.sys.laboratoryName')}
        value={value.laboratoryName}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange({ ...value, laboratoryName: e.target.value })}
      />
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('admin.sys.laboratoryAddress')}
        value={value.laboratoryAddress}
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        onChange={(e) => onChange({ ...value, laboratoryAddress: e.target.value })}
      />
      <TextField
        size="small"
        label={t('admin.sys.laboratoryPhone')}
        value={value.laboratoryPhone}
        slotProps={{ htmlInput: { maxLength: PHONE_MAX } }}
        onChange={(e) => onChange({ ...value, laboratoryPhone: e.target.value })}
      />
      <TextField
        size="small"
        label={t('admin.sys.laboratoryAccreditation')}
        helperText={t('admin.sys.laboratoryAccreditationHelp')}
        value={value.laboratoryAccreditation}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange({ ...value, laboratoryAccreditation: e.target.value })}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {value.laboratoryLogo === '' ? (
          <Typography color="textSecondary">{t('admin.sys.logoNone')}</Typography>
        ) : (
          <Box
            component="img"
            src={value.laboratoryLogo}
            alt={t('admin.sys.logoAlt')}
            sx={{ maxHeight: 48, maxWidth: 160, objectFit: 'contain' }}
          />
        )}
        <Button component="label" size="small" variant="outlined" startIcon={<UploadIcon />}>
          {t('admin.sys.logoChoose')}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg"
            aria-label={t('admin.sys.logoChoose')}
            onChange={(event) => void pickLogo(event)}
          />
        </Button>
        {value.laboratoryLogo !== '' && (
          <Button
            size="small"
            startIcon={<DeleteIcon />}
            onClick={() => onChange({ ...value, laboratoryLogo: '' })}
          >
            {t('admin.sys.logoRemove')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="textSecondary">
        {t('admin.sys.logoHelp', { kb: LOGO_DATA_URL_MAX / 1024 })}
      </Typography>
      {logoError !== null && <Alert severity="error">{logoError}</Alert>}
    </>
  );
}
