import { Alert, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { Model } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../../api/projectsApi';
import {
  deleteModel,
  exportModel,
  fetchModels,
  modelKeys,
  saveBlob,
} from '../../../api/technical/modelsApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { DeployModelDialog } from './DeployModelDialog';
import { ImportModelButton } from './ImportModelButton';
import { ModelDetailsDialog } from './ModelDetailsDialog';
import { ModelsTable } from './ModelsTable';
import { downloadName } from './trainingLogic';

const k = 'technical.training.models';

/** Trained Models: the registry with View, Export, Deploy, Delete and Import Model. */
export function TrainedModelsTab({ onOpenRun }: { readonly onOpenRun: (id: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const client = useQueryClient();
  const canDeploy = useCan(['deploy_models']);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deploying, setDeploying] = useState<string | null>(null);
  const models = useQuery({ queryKey: modelKeys.list({}), queryFn: () => fetchModels() });
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const projectNames = new Map((projects.data ?? []).map((project) => [project.id, project.name]));
  const list = models.data?.models ?? [];
  const find = (id: string | null) => list.find((model) => model.id === id) ?? null;

  const exporting = useMutation({
    mutationFn: async (model: Model) => {
      const file = await exportModel(model.id);
      saveBlob(file.blob, downloadName(file.disposition, `model-${model.id}.zip`));
      return model;
    },
    onSuccess: (model) => toast(t(`${k}.exported`, { id: model.id }), 'success'),
    onError: (error) => toast(t(`${k}.exportError`, { message: errorMessage(error, '') }), 'error'),
  });
  const remove = async (model: Model) => {
    await confirm({
      message: t(`${k}.deleteConfirm`, { name: model.name }),
      onConfirm: async () => {
        try {
          await deleteModel(model.id);
          toast(t(`${k}.deleted`, { name: model.name }), 'success');
          await client.invalidateQueries({ queryKey: modelKeys.all });
        } catch (error) {
          toast(t(`${k}.deleteError`, { message: errorMessage(error, '') }), 'error');
        }
      },
    });
  };

  const viewed = find(viewing);
  const deployed = find(deploying);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6">{t(`${k}.title`, { total: models.data?.total ?? 0 })}</Typography>
        <ImportModelButton />
      </Stack>
      {models.isPending ? (
        <CircularProgress />
      ) : models.isError ? (
        <Alert severity="error">
          {t(`${k}.loadError`, { message: errorMessage(models.error, '') })}
        </Alert>
      ) : list.length === 0 ? (
        <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>
      ) : (
        <ModelsTable
          models={list}
          exportingId={exporting.isPending ? (exporting.variables?.id ?? null) : null}
          actions={{
            onView: (model) => setViewing(model.id),
            onExport: (model) => exporting.mutate(model),
            onDeploy: canDeploy ? (model) => setDeploying(model.id) : undefined,
            onDelete: (model) => void remove(model),
          }}
        />
      )}
      {viewed !== null && (
        <ModelDetailsDialog
          model={viewed}
          projectNames={projectNames}
          onOpenRun={(id) => {
            setViewing(null);
            onOpenRun(id);
          }}
          onClose={() => setViewing(null)}
        />
      )}
      {deployed !== null && (
        <DeployModelDialog model={deployed} onClose={() => setDeploying(null)} />
      )}
    </Paper>
  );
}
