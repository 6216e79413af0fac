import { useState } from 'react';
import { Alert } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminProject } from '@sarm/contracts';
import {
  ADMIN_PROJECTS_KEY,
  createProject,
  deleteProject,
  fetchAdminProjects,
  toggleArchiveProject,
  updateProject,
} from '../../../api/adminProjectsApi';
import { errorMessage } from '../../../api/client';
import { useFeedback } from '../../../feedback/feedbackContext';
import { AddButton } from '../common/AddButton';
import { AdminPage } from '../common/AdminPage';
import { matchesSearch, pageOf, usePaging } from '../common/paging';
import { TablePanel } from '../common/TablePanel';
import { useCan } from '../common/useCan';
import { ProjectDetailsDialog } from './ProjectDetailsDialog';
import { ProjectDialog, type ProjectFormValues } from './ProjectDialog';
import { ProjectUsersDialog } from './ProjectUsersDialog';
import { ProjectsTable, type ProjectAction } from './ProjectsTable';

type DialogState =
  { mode: 'add' } | { mode: 'edit' | 'details' | 'users'; project: AdminProject } | null;

/** Project Management (/admin/projects): Active and Archived tabs, search, details, users, edit, archive, delete. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const allowed = useCan(['manage_projects']);
  const { addAlert, confirm } = useFeedback();
  const client = useQueryClient();
  const [tab, setTab] = useState<'active' | 'archived'>('active');
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const [dialog, setDialog] = useState<DialogState>(null);
  const projects = useQuery({
    queryKey: ADMIN_PROJECTS_KEY,
    queryFn: fetchAdminProjects,
    enabled: allowed,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ADMIN_PROJECTS_KEY });

  const save = useMutation({
    mutationFn: async (values: ProjectFormValues) => {
      if (dialog?.mode === 'edit') {
        await updateProject(dialog.project.id, values);
        return t('admin.projects.updated');
      }
      await createProject(values);
      return t('admin.projects.created');
    },
    onSuccess: async (message) => {
      addAlert({ type: 'success', message });
      setDialog(null);
      await refresh();
    },
    onError: (error) =>
      addAlert({
        type: 'error',
        message: errorMessage(
          error,
          dialog?.mode === 'edit'
            ? t('admin.projects.updateFailed')
            : t('admin.projects.addFailed'),
        ),
      }),
  });

  const act = async (action: ProjectAction, project: AdminProject) => {
    if (action === 'details' || action === 'users' || action === 'edit')
      return setDialog({ mode: action, project });
    if (action === 'archive') {
      try {
        await toggleArchiveProject(project.id, !project.isArchived);
        addAlert({
          type: 'success',
          message: project.isArchived
            ? t('admin.projects.unarchived')
            : t('admin.projects.archived'),
        });
        await refresh();
      } catch (error) {
        addAlert({ type: 'error', message: errorMessage(error, t('admin.projects.updateFailed')) });
      }
      return undefined;
    }
    await confirm({
      title: t('admin.projects.deleteTitle'),
      message: t('admin.projects.deleteMessage', { name: project.name }),
      confirmLabel: t('admin.common.delete'),
      onConfirm: async () => {
        try {
          await deleteProject(project.id);
          addAlert({ type: 'success', message: t('admin.projects.deleted') });
          await refresh();
        } catch (error) {
          addAlert({
            type: 'error',
            message: errorMessage(error, t('admin.projects.deleteFailed')),
          });
        }
      },
    });
    return undefined;
  };

  const visible = (projects.data ?? []).filter(
    (p) => p.isArchived === (tab === 'archived') && matchesSearch(search, p.name, p.description),
  );

  return (
    <AdminPage
      title={t('admin.projects.title')}
      allowed={allowed}
      deniedText={t('admin.projects.noPermission')}
      actions={
        <AddButton label={t('admin.projects.add')} onClick={() => setDialog({ mode: 'add' })} />
      }
    >
      <TablePanel
        tabs={{
          value: tab,
          options: [
            { value: 'active', label: t('admin.projects.activeTab') },
            { value: 'archived', label: t('admin.projects.archivedTab') },
          ],
          onChange: setTab,
        }}
        search={search}
        searchPlaceholder={t('admin.projects.search')}
        onSearch={setSearch}
        error={projects.isError && <Alert severity="error">{t('admin.projects.loadFailed')}</Alert>}
        paging={paging}
        count={visible.length}
      >
        <ProjectsTable
          projects={pageOf(visible, paging.page, paging.size)}
          onAction={(action, project) => void act(action, project)}
        />
      </TablePanel>
      {(dialog?.mode === 'add' || dialog?.mode === 'edit') && (
        <ProjectDialog
          project={dialog.mode === 'edit' ? dialog.project : null}
          busy={save.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(v) => save.mutate(v)}
        />
      )}
      {dialog?.mode === 'details' && (
        <ProjectDetailsDialog project={dialog.project} onClose={() => setDialog(null)} />
      )}
      {dialog?.mode === 'users' && (
        <ProjectUsersDialog project={dialog.project} onClose={() => setDialog(null)} />
      )}
    </AdminPage>
  );
}
