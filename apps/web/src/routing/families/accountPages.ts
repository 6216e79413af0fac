// Every signed-in user's own screens, apart from any workflow.
export { ProfilePage } from '../../pages/profile/ProfilePage';
export { SettingsPage } from '../../pages/settings/SettingsPage';
