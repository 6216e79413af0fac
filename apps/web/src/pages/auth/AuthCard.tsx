import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../layout/BrandMark';
import { brandText } from '../../theme/theme';

interface AuthCardProps {
  readonly title: string;
  readonly subtitle?: string;
  readonly children: ReactNode;
}

/** Centred card with the brand above it; shared by the signed-out screens. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) =>
          theme.palette.mode === 'light'
            ? 'linear-gradient(135deg, #e6f4fa 0%, #f4f7fa 55%, #e0f7fb 100%)'
            : 'linear-gradient(135deg, #0b1a26 0%, #0d1620 60%, #0a2230 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'center', gap: 1.5, mb: 3 }}
        >
          <BrandMark size={44} />
          <Box>
            <Typography variant="h5" sx={{ fontWeight: 700, letterSpacing: 1, color: brandText }}>
              {t('app.name')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('app.tagline')}
            </Typography>
          </Box>
        </Stack>
        <Card sx={{ boxShadow: 3 }} variant="elevation">
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            {subtitle !== undefined && (
              <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
