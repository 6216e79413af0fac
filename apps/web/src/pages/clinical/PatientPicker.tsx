import { Alert, Autocomplete, Stack, TextField } from '@mui/material';
import { NAME_MAX, type Patient } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessKeys, fetchProjectPatients, savePatient } from '../../api/businessApi';
import { errorMessage } from '../../api/client';
import { useCan } from '../admin/common/useCan';
import { patientChoices, type PatientChoice } from './sampleLogic';

/**
 * Picks one of the project's patients by name, or (for holders of manage_patients) creates one
 * from the typed name. `value` is the patient id, null for none.
 */
export function PatientPicker({
  projectId,
  value,
  onChange,
  disabled,
}: {
  readonly projectId: string;
  readonly value: string | null;
  readonly onChange: (patientId: string | null) => void;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canCreate = useCan(['manage_patients']);
  const canRead = useCan(['manage_patients', 'upload_videos']);
  const [typed, setTyped] = useState('');
  const patients = useQuery({
    queryKey: businessKeys.projectPatients(projectId),
    queryFn: () => fetchProjectPatients(projectId),
    enabled: canRead && projectId !== '',
  });
  const create = useMutation({
    mutationFn: (name: string) => savePatient(null, { name, projectId }),
    onSuccess: async (patient: Patient) => {
      client.setQueryData<Patient[]>(businessKeys.projectPatients(projectId), (list) => [
        patient,
        ...(list ?? []),
      ]);
      await client.invalidateQueries({ queryKey: businessKeys.patients });
      onChange(patient.id);
      // The input still reads "Create patient …" from the picked option: show the new name.
      setTyped(patient.name);
    },
  });
  const options = patientChoices(patients.data ?? [], typed, canCreate);
  const selected = options.find((option) => option.kind === 'patient' && option.id === value);
  return (
    <Stack spacing={1}>
      <Autocomplete<PatientChoice>
        size="small"
        options={options}
        value={selected ?? null}
        disabled={disabled === true || !canRead}
        loading={patients.isPending && canRead}
        inputValue={typed}
        onInputChange={(_event, input) => setTyped(input)}
        filterOptions={(list) => list}
        isOptionEqualToValue={(option, other) => option.id === other.id}
        getOptionLabel={(option) =>
          option.kind === 'create' ? t('samples.createPatient', { name: option.name }) : option.name
        }
        onChange={(_event, option) => {
          if (option === null) return onChange(null);
          if (option.kind === 'create') return create.mutate(option.name);
          onChange(option.id);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('samples.patient')}
            helperText={canRead ? t('samples.patientHint') : t('samples.patientNoAccess')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, maxLength: NAME_MAX },
            }}
          />
        )}
      />
      {create.isError && (
        <Alert severity="error">{errorMessage(create.error, t('clinical.unknownError'))}</Alert>
      )}
    </Stack>
  );
}
