import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportModelDialog } from './ImportModelDialog';

const k = 'technical.training.models';

/** Import Model: opens the dialog that uploads a SARM model zip or an ONNX model. */
export function ImportModelButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t(`${k}.import`)}
      </Button>
      {open && <ImportModelDialog onClose={() => setOpen(false)} />}
    </>
  );
}
