import { randomUUID } from 'node:crypto';
import {
  interpretationText,
  LOINC_SYSTEM,
  SARM_CASA_CODE_SYSTEM,
  suggestInterpretation,
  WHO_2021_LIMITS,
  type AssessmentRecord,
  type FhirBundleResource,
  type FhirObservation,
  type FhirReportBundle,
  type ReportSample,
  type VersionedStoredReport,
} from '@sarm/contracts';
import { benchObservations } from './fhir-bench.js';
import {
  OBSERVATION_CATEGORY,
  quantity,
  whoJudgement,
  type FhirReference,
  type ResultDefinition,
} from './fhir-parts.js';
import { interpretationFiguresOf } from './report-figures.js';

/**
 * HL7 FHIR R4 export of a signed report version (issue 15): a `collection` Bundle holding the
 * DiagnosticReport, one Observation per result, the Patient and the signing Practitioner. Every
 * reference is a `urn:uuid:` that resolves to a `fullUrl` inside the bundle.
 *
 * LOINC codes are used where a published code exists (checked against LOINC table extracts):
 * 9780-8 Spermatozoa [#/volume] in Semen, 14194-5 Spermatozoa Progressive/100 spermatozoa,
 * 6800-7 Spermatozoa Motile/100 spermatozoa, 10620-3 Spermatozoa Nonprogressive/100 spermatozoa,
 * 10611-2 Spermatozoa Immotile/100 spermatozoa, 3160-9 Volume of Semen. No code was found for the
 * total number per ejaculate nor for the panel, so those use SARM's local code system. The bench
 * figures (vitality, morphology, round cells, agglutination, MAR) are built in `fhir-bench.ts`,
 * which lists their codes and the ones without a LOINC code.
 */

export const FHIR_RESULTS = {
  concentration: {
    key: 'concentration',
    coding: { system: LOINC_SYSTEM, code: '9780-8', display: 'Spermatozoa [#/volume] in Semen' },
    unit: 'million/mL',
    ucum: '10*6/mL',
    lowerLimit: WHO_2021_LIMITS.concentrationMillionPerMl,
  },
  totalSpermNumber: {
    key: 'total-sperm-number',
    coding: {
      system: SARM_CASA_CODE_SYSTEM,
      code: 'total-sperm-number',
      display: 'Total sperm number per ejaculate',
    },
    unit: 'million',
    ucum: '10*6',
    lowerLimit: WHO_2021_LIMITS.totalSpermMillion,
  },
  progressive: {
    key: 'progressive-motility',
    coding: {
      system: LOINC_SYSTEM,
      code: '14194-5',
      display: 'Spermatozoa Progressive/100 spermatozoa in Semen',
    },
    unit: '%',
    ucum: '%',
    lowerLimit: WHO_2021_LIMITS.progressiveMotilityPercent,
  },
  totalMotility: {
    key: 'total-motility',
    coding: {
      system: LOINC_SYSTEM,
      code: '6800-7',
      display: 'Spermatozoa Motile/100 spermatozoa in Semen',
    },
    unit: '%',
    ucum: '%',
    lowerLimit: WHO_2021_LIMITS.totalMotilityPercent,
  },
  nonProgressive: {
    key: 'non-progressive',
    coding: {
      system: LOINC_SYSTEM,
      code: '10620-3',
      display: 'Spermatozoa Nonprogressive/100 spermatozoa in Semen',
    },
    unit: '%',
    ucum: '%',
  },
  immotile: {
    key: 'immotile',
    coding: {
      system: LOINC_SYSTEM,
      code: '10611-2',
      display: 'Spermatozoa Immotile/100 spermatozoa in Semen',
    },
    unit: '%',
    ucum: '%',
  },
  volume: {
    key: 'volume',
    coding: { system: LOINC_SYSTEM, code: '3160-9', display: 'Volume of Semen' },
    unit: 'mL',
    ucum: 'mL',
    lowerLimit: WHO_2021_LIMITS.semenVolumeMl,
  },
} as const satisfies Record<string, ResultDefinition>;

export const FHIR_REPORT_CODE = {
  system: SARM_CASA_CODE_SYSTEM,
  code: 'casa-semen-analysis',
  display: 'Computer-aided semen analysis (WHO 2021)',
} as const;
export const SARM_IDENTIFIER_SYSTEM = 'https://sarm.example/fhir/NamingSystem';

const LAB_CATEGORY = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/v2-0074',
      code: 'LAB',
      display: 'Laboratory',
    },
  ],
};

/** The figures of a report version by result; null where the version did not measure it. */
export function reportValues(
  report: VersionedStoredReport,
  sample: ReportSample,
): Record<keyof typeof FHIR_RESULTS, number | null> {
  const summary = report.combined_summary;
  const distribution = report.motility_report?.aggregated_results.motility_distribution;
  return {
    concentration: summary.concentration_million_per_ml ?? null,
    totalSpermNumber: summary.total_sperm_number_million ?? null,
    progressive: summary.progressive_percent ?? null,
    totalMotility: summary.total_motility_percent ?? null,
    nonProgressive: distribution?.['Non Progressive'] ?? null,
    immotile: distribution?.Immotile ?? null,
    volume:
      sample.semen_volume_ml ??
      report.concentration_report?.analysis_parameters.semen_volume_ml ??
      null,
  };
}

/**
 * The bundle of a signed version. `newId` makes the resource ids (random UUIDs by default, fixed
 * in tests); the caller checks that the version is signed.
 */
export function buildFhirBundle(
  report: VersionedStoredReport,
  sample: ReportSample,
  now: Date,
  newId: () => string = randomUUID,
): FhirReportBundle {
  const version = report.report_version;
  const signedAt = version.signedAt ?? now.toISOString();
  const status = version.amends === null ? 'final' : 'amended';
  const url = (id: string) => `urn:uuid:${id}`;
  const entries: { fullUrl: string; resource: FhirBundleResource }[] = [];

  const patient = sample.patient ?? report.patients?.[0] ?? null;
  const patientId = newId();
  const subject =
    patient === null ? undefined : { reference: url(patientId), display: patient.name };
  const practitionerId = newId();
  const performer = [
    { reference: url(practitionerId), display: version.signedBy?.name ?? 'Unknown' },
  ];
  const effective = sample.collected_at ?? undefined;

  const observations: FhirObservation[] = [];
  const values = reportValues(report, sample);
  for (const name of Object.keys(FHIR_RESULTS) as (keyof typeof FHIR_RESULTS)[]) {
    const value = values[name];
    if (value === null) continue;
    const definition: ResultDefinition = FHIR_RESULTS[name];
    observations.push({
      resourceType: 'Observation',
      id: newId(),
      status,
      category: [OBSERVATION_CATEGORY],
      code: { coding: [definition.coding], text: definition.coding.display },
      ...(subject === undefined ? {} : { subject }),
      ...(effective === undefined ? {} : { effectiveDateTime: effective }),
      issued: signedAt,
      performer,
      valueQuantity: quantity(value, definition),
      ...whoJudgement(value, definition),
    });
  }
  // One Practitioner per technician who counted, referenced by the bench Observations.
  const technicians = new Map<string, { id: string; name: string }>();
  const technician = (counter: AssessmentRecord['countedBy']): FhirReference => {
    const key = counter.id ?? `name:${counter.name}`;
    const known = technicians.get(key) ?? { id: newId(), name: counter.name };
    technicians.set(key, known);
    return { reference: url(known.id), display: known.name };
  };
  observations.push(
    ...benchObservations(report.assessments, values.concentration, {
      status,
      subject,
      effective,
      issued: signedAt,
      newId,
      technician,
    }),
  );
  const interpretation =
    report.interpretation?.text ??
    interpretationText(suggestInterpretation(interpretationFiguresOf({ ...report, sample })));
  const amendment =
    version.amends === null
      ? ''
      : `\n\nAmended report: version ${version.version} amends version ${version.amends}. Reason: ${version.reason ?? ''}`;

  const reportId = newId();
  entries.push({
    fullUrl: url(reportId),
    resource: {
      resourceType: 'DiagnosticReport',
      id: reportId,
      identifier: [
        {
          system: `${SARM_IDENTIFIER_SYSTEM}/report`,
          value: `${report.dataset_id}/v${version.version}`,
        },
      ],
      status,
      category: [LAB_CATEGORY],
      code: { coding: [FHIR_REPORT_CODE], text: FHIR_REPORT_CODE.display },
      ...(subject === undefined ? {} : { subject }),
      ...(effective === undefined ? {} : { effectiveDateTime: effective }),
      issued: signedAt,
      performer,
      resultsInterpreter: performer,
      result: observations.map((observation) => ({
        reference: url(observation.id),
        display: observation.code.text,
      })),
      conclusion: `${interpretation}${amendment}`,
    },
  });
  for (const observation of observations)
    entries.push({ fullUrl: url(observation.id), resource: observation });
  if (patient !== null)
    entries.push({
      fullUrl: url(patientId),
      resource: {
        resourceType: 'Patient',
        id: patientId,
        identifier: [{ system: `${SARM_IDENTIFIER_SYSTEM}/patient`, value: patient.id }],
        name: [{ text: patient.name }],
      },
    });
  entries.push({
    fullUrl: url(practitionerId),
    resource: {
      resourceType: 'Practitioner',
      id: practitionerId,
      name: [{ text: version.signedBy?.name ?? 'Unknown' }],
    },
  });
  for (const { id, name } of technicians.values())
    entries.push({
      fullUrl: url(id),
      resource: { resourceType: 'Practitioner', id, name: [{ text: name }] },
    });
  return {
    resourceType: 'Bundle',
    id: newId(),
    type: 'collection',
    timestamp: now.toISOString(),
    entry: entries,
  };
}
