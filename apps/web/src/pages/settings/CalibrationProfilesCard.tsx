import {
  Alert,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { CalibrationProfile } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  calibrationKeys,
  deleteCalibrationProfile,
  fetchCalibrationProfiles,
} from '../../api/calibrationApi';
import { useConfirm } from '../../feedback/feedbackContext';
import { CalibrationProfileDialog } from './CalibrationProfileDialog';

/** Microscope calibration profiles, for holders of manage_calibration (lab managers, admins). */
export function CalibrationProfilesCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<CalibrationProfile | 'new' | null>(null);
  const profiles = useQuery({
    queryKey: calibrationKeys.profiles,
    queryFn: fetchCalibrationProfiles,
  });
  const refresh = () => client.invalidateQueries({ queryKey: calibrationKeys.profiles });
  return (
    <Card sx={{ mt: 3 }} data-testid="calibration-profiles">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6">{t('calibration.title')}</Typography>
          <Button variant="outlined" onClick={() => setEditing('new')}>
            {t('calibration.add')}
          </Button>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('calibration.subtitle')}
        </Typography>
        {profiles.isError && <Alert severity="error">{profiles.error.message}</Alert>}
        {profiles.isSuccess && profiles.data.length === 0 && (
          <Alert severity="info">{t('calibration.none')}</Alert>
        )}
        {profiles.isSuccess && profiles.data.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('calibration.name')}</TableCell>
                <TableCell>{t('calibration.objective')}</TableCell>
                <TableCell align="right">{t('calibration.umPerPixel')}</TableCell>
                <TableCell align="right">{t('calibration.frameRate')}</TableCell>
                <TableCell>{t('calibration.chamberName')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {profiles.data.map((profile) => (
                <TableRow key={profile.id}>
                  <TableCell>{profile.name}</TableCell>
                  <TableCell>{profile.objective}</TableCell>
                  <TableCell align="right">{profile.um_per_pixel}</TableCell>
                  <TableCell align="right">{profile.frame_rate_fps ?? '-'}</TableCell>
                  <TableCell>
                    {t('calibration.chamberShown', {
                      name: profile.chamber_name,
                      depth: profile.chamber_depth_um,
                    })}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(profile)}>
                      {t('calibration.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() =>
                        void confirm({
                          title: t('calibration.deleteTitle'),
                          message: t('calibration.deleteConfirm', { name: profile.name }),
                          confirmLabel: t('clinical.delete'),
                          onConfirm: async () => {
                            await deleteCalibrationProfile(profile.id);
                            await refresh();
                          },
                        })
                      }
                    >
                      {t('clinical.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing !== null && (
        <CalibrationProfileDialog
          profile={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
