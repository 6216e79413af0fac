import DownloadIcon from '@mui/icons-material/Download';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { downloadAnnotationExport } from '../../../api/technical/annotationApi';
import { useToast } from '../../../feedback/feedbackContext';

const FORMATS = ['coco', 'yolo', 'mot'] as const;

/** 'Export' with the three formats: a zip of the boxes and the frame images. */
export function ExportMenu({
  target,
}: {
  readonly target: { kind: 'frame' | 'video'; id: string };
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  async function download(format: (typeof FORMATS)[number]) {
    setAnchor(null);
    try {
      await downloadAnnotationExport(target, format);
    } catch (error) {
      toast(t('technical.annotation.exportFailed', { reason: errorMessage(error, '') }), 'error');
    }
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('technical.annotation.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {t(`technical.annotation.formats.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
