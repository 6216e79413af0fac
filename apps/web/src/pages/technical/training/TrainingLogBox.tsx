import { Box, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The run's log lines, oldest first, kept scrolled to the newest. */
export function TrainingLogBox({ lines }: { readonly lines: readonly string[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = box.current;
    if (element !== null) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        {t('technical.training.logs')}
      </Typography>
      <Box
        ref={box}
        role="log"
        sx={{
          height: 200,
          overflowY: 'auto',
          bgcolor: 'grey.900',
          color: 'grey.100',
          fontFamily: 'monospace',
          fontSize: 12,
          p: 1.5,
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
        }}
      >
        {lines.length === 0 ? t('technical.training.noLogs') : lines.join('\n')}
      </Box>
    </Box>
  );
}
