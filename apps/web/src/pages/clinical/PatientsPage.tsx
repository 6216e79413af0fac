import type { Patient } from '@sarm/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { businessKeys, deletePatient, fetchPatients } from '../../api/businessApi';
import { useConfirm, useToast } from '../../feedback/feedbackContext';
import { useCan } from '../admin/common/useCan';
import { PatientDetailPanel } from './PatientDetailPanel';
import { PatientDialog } from './PatientDialog';
import { orDash } from './patientsLogic';

/** Patients (spec 1 §2.2): list, create, edit, delete and the selected patient's details. */
export function PatientsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const canView = useCan(['manage_patients', 'upload_videos']);
  const canManage = useCan(['manage_patients']);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const [editing, setEditing] = useState<Patient | 'new' | null>(null);
  const patients = useQuery({
    queryKey: businessKeys.patients,
    queryFn: fetchPatients,
    enabled: canView,
  });
  if (!canView) return <Alert severity="warning">{t('patients.noPermission')}</Alert>;

  const select = (id: string | null) =>
    setParams(id === null ? {} : { id }, { replace: selectedId !== null });
  const refresh = () => void client.invalidateQueries({ queryKey: ['business'] });
  const remove = (patient: Patient) =>
    void confirm({
      title: t('patients.deleteTitle'),
      message: t('patients.deleteConfirm', { name: patient.name }),
      confirmLabel: t('patients.delete'),
      onConfirm: async () => {
        await deletePatient(patient.id);
        toast(t('patients.deleted'), 'success');
        if (selectedId === patient.id) select(null);
        refresh();
      },
    });

  return (
    <Box data-testid="patients-page">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('patients.title')}
        </Typography>
        {canManage && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('patients.add')}
          </Button>
        )}
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: selectedId === null ? 12 : 7 }}>
          {patients.isPending && <CircularProgress />}
          {patients.isError && <Alert severity="error">{patients.error.message}</Alert>}
          {patients.isSuccess && patients.data.length === 0 && (
            <Typography color="textSecondary">{t('patients.none')}</Typography>
          )}
          {patients.isSuccess && patients.data.length > 0 && (
            <TableContainer component={Paper}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('patients.name')}</TableCell>
                    <TableCell>{t('patients.age')}</TableCell>
                    <TableCell>{t('patients.contactNumber')}</TableCell>
                    <TableCell>{t('patients.created')}</TableCell>
                    {canManage && <TableCell align="right">{t('patients.actions')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {patients.data.map((patient) => (
                    <TableRow
                      key={patient.id}
                      hover
                      selected={patient.id === selectedId}
                      onClick={() => select(patient.id)}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell>{patient.name}</TableCell>
                      <TableCell>{orDash(patient.age)}</TableCell>
                      <TableCell>{orDash(patient.contactNumber)}</TableCell>
                      <TableCell>
                        {new Date(patient.createdAt).toLocaleDateString(i18n.language)}
                      </TableCell>
                      {canManage && (
                        <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                          <Tooltip title={t('patients.edit')}>
                            <IconButton
                              aria-label={t('patients.edit')}
                              onClick={() => setEditing(patient)}
                            >
                              <EditIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('patients.delete')}>
                            <IconButton
                              aria-label={t('patients.delete')}
                              onClick={() => remove(patient)}
                            >
                              <DeleteIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {selectedId === null && patients.isSuccess && patients.data.length > 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {t('patients.selectHint')}
            </Typography>
          )}
        </Grid>
        {selectedId !== null && (
          <Grid size={{ xs: 12, lg: 5 }}>
            <PatientDetailPanel id={selectedId} onClose={() => select(null)} />
          </Grid>
        )}
      </Grid>
      {editing !== null && (
        <PatientDialog
          patient={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            toast(t('patients.saved'), 'success');
            setEditing(null);
            refresh();
            select(saved.id);
          }}
        />
      )}
    </Box>
  );
}
