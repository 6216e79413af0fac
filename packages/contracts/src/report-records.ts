import { z } from 'zod';

/**
 * What a printed or exported report says besides its figures (issue 15, reports that are
 * records): the laboratory that issues it, the sample as it was when the version was saved, and
 * the software that measured it.
 */

/** GET /sarm/report/letterhead: the laboratory identity of the system settings, for every report reader. */
export const ReportLetterheadSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  accreditation: z.string(),
  /** PNG or JPEG data URL; empty when no logo is set. */
  logo: z.string(),
  /** "SARM" and the server's version, printed under Method. */
  software: z.object({ name: z.string(), version: z.string() }),
});
export type ReportLetterhead = z.infer<typeof ReportLetterheadSchema>;

/** The patient the sample belongs to, as the version saw it. */
export const ReportSamplePatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().nullable(),
});

/** The calibration profile the sample was recorded with, as the version saw it. */
export const ReportCalibrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  objective: z.string(),
  um_per_pixel: z.number(),
});

/**
 * The sample fields of a dataset frozen into each report version when it is saved, so a signed
 * version keeps reading the same after the sample is edited. Versions saved before this existed
 * answer the sample's current fields.
 */
export const ReportSampleSchema = z.object({
  patient: ReportSamplePatientSchema.nullable(),
  collected_at: z.string().nullable(),
  abstinence_days: z.number().nullable(),
  semen_volume_ml: z.number().nullable(),
  collection_complete: z.boolean().nullable(),
  minutes_to_analysis: z.number().nullable(),
  appearance: z.string().nullable(),
  liquefaction: z.string().nullable(),
  viscosity: z.string().nullable(),
  ph: z.number().nullable(),
  chamber_name: z.string().nullable(),
  chamber_depth_um: z.number(),
  dilution_factor: z.number(),
  um_per_pixel: z.number(),
  calibration_profile: ReportCalibrationSchema.nullable(),
});
export type ReportSample = z.infer<typeof ReportSampleSchema>;

/** 409 when a FHIR export is asked of a version nobody signed. */
export const FHIR_EXPORT_NEEDS_SIGNATURE = 'Only a signed report version can be exported';

/** Query of GET /sarm/report/fhir/{datasetId}: a version number, the latest when absent. */
export const FhirExportQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

/** Local code system of SARM's CASA results that have no published LOINC code. */
export const SARM_CASA_CODE_SYSTEM = 'https://sarm.example/fhir/CodeSystem/casa';
export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

const CodingSchema = z.object({
  system: z.string(),
  code: z.string(),
  display: z.string().optional(),
});
const CodeableConceptSchema = z.object({
  coding: z.array(CodingSchema),
  text: z.string().optional(),
});
const ReferenceSchema = z.object({ reference: z.string(), display: z.string().optional() });
const QuantitySchema = z.object({
  value: z.number(),
  unit: z.string(),
  system: z.literal(UCUM_SYSTEM),
  code: z.string(),
});

export const FhirPatientSchema = z.object({
  resourceType: z.literal('Patient'),
  id: z.string(),
  identifier: z.array(z.object({ system: z.string(), value: z.string() })),
  name: z.array(z.object({ text: z.string() })),
});

export const FhirPractitionerSchema = z.object({
  resourceType: z.literal('Practitioner'),
  id: z.string(),
  name: z.array(z.object({ text: z.string() })),
});

export const FhirObservationSchema = z.object({
  resourceType: z.literal('Observation'),
  id: z.string(),
  status: z.enum(['final', 'amended']),
  category: z.array(CodeableConceptSchema),
  code: CodeableConceptSchema,
  subject: ReferenceSchema.optional(),
  effectiveDateTime: z.string().optional(),
  issued: z.string(),
  performer: z.array(ReferenceSchema),
  /** Measured figures; the agglutination grade and type are coded instead (`valueCodeableConcept`). */
  valueQuantity: QuantitySchema.optional(),
  valueCodeableConcept: CodeableConceptSchema.optional(),
  interpretation: z.array(CodeableConceptSchema).optional(),
  /** How the figure was obtained (stain, test), as text. */
  method: z.object({ text: z.string() }).optional(),
  /** Cells assessed and the 95 % interval of a counted figure. */
  component: z
    .array(
      z.object({
        code: CodeableConceptSchema,
        valueQuantity: QuantitySchema.optional(),
        valueInteger: z.number().int().optional(),
        valueString: z.string().optional(),
      }),
    )
    .optional(),
  note: z.array(z.object({ text: z.string() })).optional(),
  referenceRange: z
    .array(
      z.object({
        low: QuantitySchema.optional(),
        high: QuantitySchema.optional(),
        text: z.string().optional(),
      }),
    )
    .optional(),
});
export type FhirObservation = z.infer<typeof FhirObservationSchema>;

export const FhirDiagnosticReportSchema = z.object({
  resourceType: z.literal('DiagnosticReport'),
  id: z.string(),
  identifier: z.array(z.object({ system: z.string(), value: z.string() })),
  status: z.enum(['final', 'amended']),
  category: z.array(CodeableConceptSchema),
  code: CodeableConceptSchema,
  subject: ReferenceSchema.optional(),
  effectiveDateTime: z.string().optional(),
  issued: z.string(),
  performer: z.array(ReferenceSchema),
  resultsInterpreter: z.array(ReferenceSchema),
  result: z.array(ReferenceSchema),
  conclusion: z.string().optional(),
});

const BundleEntrySchema = z.object({
  fullUrl: z.string(),
  resource: z.discriminatedUnion('resourceType', [
    FhirDiagnosticReportSchema,
    FhirObservationSchema,
    FhirPatientSchema,
    FhirPractitionerSchema,
  ]),
});

/** GET /sarm/report/fhir/{datasetId}: an HL7 FHIR R4 Bundle of type collection. */
export const FhirReportBundleSchema = z.object({
  resourceType: z.literal('Bundle'),
  id: z.string(),
  type: z.literal('collection'),
  timestamp: z.string(),
  entry: z.array(BundleEntrySchema),
});
export type FhirReportBundle = z.infer<typeof FhirReportBundleSchema>;
export type FhirBundleResource = z.infer<typeof BundleEntrySchema>['resource'];
