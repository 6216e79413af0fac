import {
  AGGLUTINATION_TYPE_MISMATCH,
  ASSESSMENT_EMPTY,
  MORPHOLOGY_TALLY_INVALID,
  assessmentFigures,
  cellsCounted,
  type AssessmentFigures,
  type AssessmentInput,
  type AssessmentModule,
  type AssessmentRecord,
  type AssessmentReplicatesResponse,
  type AssessmentSource,
  type CountedModule,
  type MorphologyReplicate,
  type SampleAssessments,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { badRequest, notFound } from '../http/errors.js';
import type {
  AssessmentsRepository,
  ReplicatedAssessment,
} from '../repositories/assessments.repository.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import type { ProjectScope } from './project-scope.js';

export const DATASET_NOT_FOUND = 'Dataset not found';
const AUDIT_RESOURCE = 'dataset';

const MODULE_WORDS: Readonly<Record<AssessmentModule, string>> = {
  vitality: 'Vitality',
  morphology: 'Morphology',
  round_cells: 'Round cells',
  agglutination: 'Agglutination',
  mar: 'MAR',
  comments: 'Comments',
};
const MAIN_WORDS = { vitality: 'live', morphology: 'normal forms', mar: 'bound' } as const;

/** Every cell of the input, round cells included (their sperm count alone may be zero). */
function allCells(input: AssessmentInput): number {
  if (input.module !== 'round_cells') return cellsCounted(input);
  return input.replicates.reduce(
    (total, r) => total + r.sperm + r.peroxidase_positive + r.peroxidase_negative,
    0,
  );
}

/** A tally lists each defect once, and a replicate lists each combination once. */
function tallyIsValid(replicate: MorphologyReplicate): boolean {
  const combinations = new Set<string>();
  for (const tally of replicate.abnormal) {
    const distinct = new Set(tally.defects);
    if (distinct.size !== tally.defects.length) return false;
    const key = [...distinct].sort().join('+');
    if (combinations.has(key)) return false;
    combinations.add(key);
  }
  return true;
}

/** The rules the schema cannot say; throws the 400 the screen shows. */
export function assertAssessmentValid(input: AssessmentInput): void {
  switch (input.module) {
    case 'vitality':
    case 'round_cells':
    case 'mar':
      if (allCells(input) === 0) throw badRequest(ASSESSMENT_EMPTY);
      return;
    case 'morphology':
      if (!input.replicates.every(tallyIsValid)) throw badRequest(MORPHOLOGY_TALLY_INVALID);
      if (allCells(input) === 0) throw badRequest(ASSESSMENT_EMPTY);
      return;
    case 'agglutination':
      if ((input.grade === 0) !== (input.type === null))
        throw badRequest(AGGLUTINATION_TYPE_MISMATCH);
      return;
    case 'comments':
      return;
  }
}

/** How the figure was obtained, as printed on the report. */
export function assessmentSource(input: AssessmentInput): AssessmentSource {
  switch (input.module) {
    case 'morphology':
      return input.model_assisted === null ? 'manual_count' : 'model_confirmed';
    case 'agglutination':
    case 'comments':
      return 'manual_entry';
    case 'vitality':
    case 'round_cells':
    case 'mar':
      return 'manual_count';
  }
}

function figureWords(input: AssessmentInput, figures: AssessmentFigures): string {
  switch (input.module) {
    case 'vitality':
    case 'morphology':
    case 'mar':
      return figures.main === null
        ? 'no figure'
        : `${figures.main.percent.toFixed(1)} % ${MAIN_WORDS[input.module]} of ${figures.main.assessed}`;
    case 'round_cells':
      return `${figures.round_cells_counted ?? 0} round cells (${figures.leukocytes_counted ?? 0} peroxidase-positive) per ${figures.sperm_counted ?? 0} spermatozoa`;
    case 'agglutination':
      return input.grade === 0 ? 'none seen' : `grade ${input.grade}, type ${input.type ?? '?'}`;
    case 'comments':
      return `pellet ${input.pellet.replace('_', ' ')}`;
  }
}

function agreementWords(input: AssessmentInput, figures: AssessmentFigures): string {
  if (input.module === 'agglutination' || input.module === 'comments') return '';
  if (input.replicates.length < 2) return ' (one replicate)';
  return figures.replicates_agree
    ? ' (replicates agree)'
    : ' (replicates disagree: not accepted, recount asked)';
}

/** The audit line of a save: module, sample, the figure and the replicates' verdict. */
export function assessmentAuditMessage(
  sampleName: string,
  input: AssessmentInput,
  figures: AssessmentFigures,
): string {
  return `${MODULE_WORDS[input.module]} of sample "${sampleName}" recorded: ${figureWords(input, figures)}${agreementWords(input, figures)}`;
}

/** Groups replicated records per technician, each group's points in time order. */
export function groupByTechnician(
  records: readonly ReplicatedAssessment[],
): AssessmentReplicatesResponse {
  const groups = new Map<string, AssessmentReplicatesResponse['technicians'][number]>();
  for (const { record, datasetName } of records) {
    // Only counted modules have replicates; the repository filters on them.
    const module = record.input.module;
    if (module === 'agglutination' || module === 'comments' || record.input.replicates.length < 2)
      continue;
    const key = record.countedBy.id ?? `name:${record.countedBy.name}`;
    const group = groups.get(key) ?? {
      technician: record.countedBy,
      pairs: 0,
      agreeing: 0,
      agreementPercent: null,
      points: [],
    };
    const agree = record.figures.replicates_agree;
    group.pairs += 1;
    if (agree) group.agreeing += 1;
    group.agreementPercent = (100 * group.agreeing) / group.pairs;
    group.points.push({
      id: record.id,
      datasetId: record.datasetId,
      datasetName,
      module,
      countedAt: record.countedAt,
      agreement: record.figures.agreement,
      agree,
    });
    groups.set(key, group);
  }
  return {
    technicians: [...groups.values()].sort((a, b) =>
      a.technician.name.localeCompare(b.technician.name),
    ),
  };
}

/** Bench assessments of a sample (issue 31): saving counts, reading them, and their QC. */
export function createAssessmentsService(deps: {
  assessments: AssessmentsRepository;
  datasets: Pick<DatasetsRepository, 'findById'>;
  scope: ProjectScope;
  audit: AuditService;
  clock: Clock;
}) {
  async function visibleDataset(auth: AuthContext, datasetId: string) {
    const found = await deps.datasets.findById(datasetId);
    if (found === undefined || !(await deps.scope.canSee(auth, found.dataset.projectId)))
      throw notFound(DATASET_NOT_FOUND);
    return found.dataset;
  }

  /** The sample's current result per module, its history newest first, and whether the caller may record. */
  async function forSample(auth: AuthContext, datasetId: string): Promise<SampleAssessments> {
    await visibleDataset(auth, datasetId);
    const [current, history] = await Promise.all([
      deps.assessments.current(datasetId),
      deps.assessments.history(datasetId),
    ]);
    return {
      datasetId,
      current,
      history,
      canRecord: meetsRequirement(auth, 'sarm.record_assessments'),
    };
  }

  /**
   * Saves one module's result with figures computed here (the client's are never trusted).
   * Disagreeing replicates are stored too, not accepted, so QC sees every recount.
   */
  async function record(
    auth: AuthContext,
    datasetId: string,
    input: AssessmentInput,
  ): Promise<AssessmentRecord> {
    const dataset = await visibleDataset(auth, datasetId);
    assertAssessmentValid(input);
    const figures = assessmentFigures(input);
    const saved = await deps.assessments.insert({
      datasetId,
      module: input.module,
      method: input.method,
      input,
      figures,
      source: assessmentSource(input),
      accepted: figures.replicates_agree,
      countedBy: auth.user.id,
      countedByName: auth.user.displayName,
      createdAt: deps.clock.now(),
    });
    await deps.audit.record({
      type: 'data',
      severity: saved.accepted ? 'info' : 'warning',
      message: assessmentAuditMessage(dataset.name, input, figures),
      actor: auth.user,
      resource: { id: datasetId, type: AUDIT_RESOURCE },
    });
    return saved;
  }

  /** Replicate agreement of bench counts per technician, over the samples the caller can see. */
  async function replicateAgreement(
    auth: AuthContext,
    query: { module?: CountedModule; technician?: string },
  ): Promise<AssessmentReplicatesResponse> {
    const records = await deps.assessments.replicated({
      projectIds: await deps.scope.visibleProjectIds(auth),
      ...query,
    });
    return groupByTechnician(records);
  }

  return { forSample, record, replicateAgreement };
}
export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
