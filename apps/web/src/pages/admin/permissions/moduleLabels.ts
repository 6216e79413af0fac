/** Translation keys of the permission modules. */
export const PERMISSION_MODULE_KEYS: Readonly<
  Record<string, 'admin.modules.system' | 'admin.modules.sarm' | 'admin.modules.finetune'>
> = {
  system: 'admin.modules.system',
  sarm: 'admin.modules.sarm',
  finetune: 'admin.modules.finetune',
};

/**
 * Translation keys of permissions whose name and description the catalogue shows in the user's
 * language; the others show the server's English text.
 */
const PERMISSION_TEXT_KEYS: Readonly<
  Record<
    string,
    {
      readonly name: 'admin.permissionNames.signReport';
      readonly description: 'admin.permissionDescriptions.signReport';
    }
  >
> = {
  'sarm.sign_report': {
    name: 'admin.permissionNames.signReport',
    description: 'admin.permissionDescriptions.signReport',
  },
};

/** The permission's name and description in the user's language where translated. */
export function permissionTexts(
  permission: { readonly code: string; readonly name: string; readonly description: string },
  t: (
    key: 'admin.permissionNames.signReport' | 'admin.permissionDescriptions.signReport',
  ) => string,
): { name: string; description: string } {
  const keys = PERMISSION_TEXT_KEYS[permission.code];
  return keys === undefined
    ? { name: permission.name, description: permission.description }
    : { name: t(keys.name), description: t(keys.description) };
}
