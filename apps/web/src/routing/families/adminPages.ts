// The administration screens: loaded only by users who open /admin.
export { LogsPage } from '../../pages/admin/logs/LogsPage';
export { PermissionsPage } from '../../pages/admin/permissions/PermissionsPage';
export { ProjectsPage } from '../../pages/admin/projects/ProjectsPage';
export { RolesPage } from '../../pages/admin/roles/RolesPage';
export { SystemSettingsPage } from '../../pages/admin/settings/SystemSettingsPage';
export { UsersPage } from '../../pages/admin/users/UsersPage';
export { FirstRunSetupPage } from '../../pages/setup/FirstRunSetupPage';
