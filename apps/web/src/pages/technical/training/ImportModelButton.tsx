import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { importModel, modelKeys } from '../../../api/technical/modelsApi';
import { useToast } from '../../../feedback/feedbackContext';

const k = 'technical.training.models';

/** Import Model: uploads a SARM model zip into the registry. */
export function ImportModelButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement | null>(null);
  const upload = useMutation({
    mutationFn: importModel,
    onSuccess: async (model) => {
      toast(t(`${k}.imported`, { name: model.name }), 'success');
      await client.invalidateQueries({ queryKey: modelKeys.all });
    },
    onError: (error) => toast(t(`${k}.importError`, { message: errorMessage(error, '') }), 'error'),
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) upload.mutate(file);
        }}
      />
      <Button variant="outlined" disabled={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? t(`${k}.importing`) : t(`${k}.import`)}
      </Button>
    </>
  );
}
