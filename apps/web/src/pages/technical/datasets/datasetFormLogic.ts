import type { Dataset } from '@sarm/contracts';

/** One row of the metadata key/value editor. */
export interface MetadataRow {
  readonly key: string;
  readonly value: string;
}

export interface DatasetForm {
  readonly name: string;
  readonly description: string;
  readonly projectId: string;
  readonly type: 'detection' | 'morphology' | 'combined';
  readonly status: 'draft' | 'in-progress' | 'completed' | 'archived';
  readonly metadata: readonly MetadataRow[];
}

export type DatasetFormError =
  'nameRequired' | 'descriptionRequired' | 'projectMissing' | 'selectProject';
export type DatasetFormErrors = Partial<
  Record<'name' | 'description' | 'projectId', DatasetFormError>
>;

/**
 * The dataset form's rules (spec 2 §5), returning the texts' keys by field. The finetune variant
 * (a project's datasets page, project from the address) needs a name, a description and the
 * address's project ('Project ID is missing'); the technical variant (every project's datasets)
 * needs a name and a chosen project ('Please select a project').
 */
export function validateDatasetForm(
  form: DatasetForm,
  variant: 'finetune' | 'technical',
): DatasetFormErrors {
  const errors: { -readonly [K in keyof DatasetFormErrors]: DatasetFormErrors[K] } = {};
  if (form.name.trim() === '') errors.name = 'nameRequired';
  if (variant === 'finetune' && form.description.trim() === '')
    errors.description = 'descriptionRequired';
  if (form.projectId === '')
    errors.projectId = variant === 'finetune' ? 'projectMissing' : 'selectProject';
  return errors;
}

/** Metadata entries with a blank key are dropped; values are kept as typed. */
export function metadataObject(rows: readonly MetadataRow[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const row of rows) if (row.key.trim() !== '') result[row.key.trim()] = row.value;
  return result;
}

/** Badge colours of dataset statuses (spec 2 §4). */
export function datasetStatusColour(status: DatasetForm['status']) {
  switch (status) {
    case 'in-progress':
      return 'warning' as const;
    case 'completed':
      return 'success' as const;
    case 'archived':
      return 'error' as const;
    case 'draft':
      return 'default' as const;
  }
}

/** Text of a metadata value as the editor shows it (objects as JSON). */
export const metadataText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The form's starting values: a dataset's own when editing ('active', the clinic's status,
 * shows as in-progress), else an empty detection draft with a 'source' row to fill in.
 */
export function datasetFormOf(dataset: Dataset | null, projectId: string): DatasetForm {
  if (dataset === null)
    return {
      name: '',
      description: '',
      projectId,
      type: 'detection',
      status: 'draft',
      metadata: [{ key: 'source', value: '' }],
    };
  return {
    name: dataset.name,
    description: dataset.description,
    projectId: dataset.projectId,
    type: dataset.type,
    status: dataset.status === 'active' ? 'in-progress' : dataset.status,
    metadata: Object.entries(dataset.metadata).map(([key, value]) => ({
      key,
      value: metadataText(value),
    })),
  };
}
