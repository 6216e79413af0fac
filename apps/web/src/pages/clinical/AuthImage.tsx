import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchImageUrl } from '../../api/clinicalApi';

/** An image fetched with the bearer token; 'No image' without a source, 'Failed to load image' on failure. */
export function AuthImage({
  path,
  alt,
  height = 160,
}: {
  readonly path: string | null;
  readonly alt: string;
  readonly height?: number;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({
    url: null,
    failed: false,
  });
  useEffect(() => {
    if (path === null) return;
    let url: string | null = null;
    let active = true;
    fetchImageUrl(path).then(
      (objectUrl) => {
        url = objectUrl;
        if (active) setState({ url: objectUrl, failed: false });
        else URL.revokeObjectURL(objectUrl);
      },
      () => {
        if (active) setState({ url: null, failed: true });
      },
    );
    return () => {
      active = false;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [path]);

  const box = { height, width: '100%', bgcolor: 'action.hover', display: 'flex' } as const;
  if (path === null || state.failed || state.url === null)
    return (
      <Box sx={{ ...box, alignItems: 'center', justifyContent: 'center' }}>
        <Typography variant="body2" color="textSecondary">
          {path === null ? t('clinical.noImage') : state.failed ? t('clinical.failedImage') : ''}
        </Typography>
      </Box>
    );
  return (
    <Box
      component="img"
      src={state.url}
      alt={alt}
      sx={{ ...box, objectFit: 'contain', bgcolor: 'black' }}
    />
  );
}
