/** Translation keys of the permission modules. */
export const PERMISSION_MODULE_KEYS: Readonly<
  Record<string, 'admin.modules.system' | 'admin.modules.sarm' | 'admin.modules.finetune'>
> = {
  system: 'admin.modules.system',
  sarm: 'admin.modules.sarm',
  finetune: 'admin.modules.finetune',
};
