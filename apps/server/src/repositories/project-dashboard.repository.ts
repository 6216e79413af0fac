import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';

export interface DatasetFigures {
  readonly id: string;
  readonly name: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly type: string;
  readonly status: string;
  readonly videos: number;
  readonly frames: number;
  readonly detections: number;
  /** Detections with a segmentation mask (`has_mask`): the spec's segments. */
  readonly segments: number;
  readonly analysedVideos: number;
}

export interface ProjectFigures {
  readonly id: string;
  readonly name: string;
  readonly models: number;
  readonly trainedModels: number;
  readonly bestValidationAccuracy: number | null;
  readonly analyses: number;
  readonly meanConcentration: number | null;
  readonly meanProgressiveMotility: number | null;
  readonly meanTotalMotility: number | null;
  readonly normalConcentrationCount: number;
}

export interface MemberFigures {
  readonly projectId: string;
  readonly projectName: string;
  readonly userId: string;
  readonly displayName: string;
  readonly email: string;
  readonly accessLevel: string;
  readonly isActive: boolean;
}

const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** `null`: every project; otherwise only these (an empty list matches none). */
function projectFilter(column: SQL, projectIds: readonly string[] | null): SQL {
  if (projectIds === null) return sql`true`;
  if (projectIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    projectIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * Aggregates of the project dashboard, one query per tab. Analysis figures use each video's latest
 * analysis; the WHO concentration limit is passed in so the rule lives in the contracts.
 */
export function createProjectDashboardRepository(db: Database) {
  /** PGlite and node-postgres both answer `{ rows }`; the row shape is the query's. */
  async function rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await db.execute(query);
    if (
      typeof result === 'object' &&
      result !== null &&
      'rows' in result &&
      Array.isArray(result.rows)
    )
      return result.rows as T[];
    throw new Error('Unexpected database answer');
  }

  async function datasetFigures(projectIds: readonly string[] | null): Promise<DatasetFigures[]> {
    const found = await rows<Record<string, unknown>>(sql`
      select d.id, d.name, d.project_id, p.name as project_name, d.type, d.status,
        (select count(*) from videos v where v.dataset_id = d.id) as videos,
        (select count(*) from frames f join videos v on v.id = f.video_id
          where v.dataset_id = d.id) as frames,
        (select count(*) from detections x join frames f on f.id = x.frame_id
          join videos v on v.id = f.video_id where v.dataset_id = d.id) as detections,
        (select count(*) from detections x join frames f on f.id = x.frame_id
          join videos v on v.id = f.video_id where v.dataset_id = d.id and x.has_mask) as segments,
        (select count(distinct a.video_id) from video_analyses a join videos v on v.id = a.video_id
          where v.dataset_id = d.id) as analysed_videos
      from datasets d join projects p on p.id = d.project_id
      where ${projectFilter(sql`d.project_id`, projectIds)}
      order by p.name, d.name`);
    return found.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      projectId: String(row.project_id),
      projectName: String(row.project_name),
      type: String(row.type),
      status: String(row.status),
      videos: num(row.videos),
      frames: num(row.frames),
      detections: num(row.detections),
      segments: num(row.segments),
      analysedVideos: num(row.analysed_videos),
    }));
  }

  async function projectFigures(
    projectIds: readonly string[] | null,
    normalConcentration: number,
  ): Promise<ProjectFigures[]> {
    const found = await rows<Record<string, unknown>>(sql`
      with latest as (
        select distinct on (a.video_id) a.video_id, a.result
        from video_analyses a order by a.video_id, a.created_at desc
      ), per_project as (
        select d.project_id,
          count(*) as analyses,
          avg((l.result->'concentration'->>'mean_concentration_million_per_ml')::float8) as conc,
          avg((l.result->'motility'->>'progressive_percent')::float8) as progressive,
          avg((l.result->'motility'->>'total_motility_percent')::float8) as total,
          count(*) filter (where (l.result->'concentration'->>'mean_concentration_million_per_ml')::float8
            >= ${normalConcentration}) as normal
        from latest l join videos v on v.id = l.video_id join datasets d on d.id = v.dataset_id
        group by d.project_id
      ), model_stats as (
        select d.project_id, count(*) as models,
          count(*) filter (where m.status = 'trained') as trained,
          max((m.metrics->>'final_val_accuracy')::float8) filter (where m.status = 'trained') as best
        from models m join datasets d on d.id = m.dataset_id
        group by d.project_id
      )
      select p.id, p.name, coalesce(ms.models, 0) as models, coalesce(ms.trained, 0) as trained,
        ms.best, coalesce(pp.analyses, 0) as analyses, pp.conc, pp.progressive, pp.total,
        coalesce(pp.normal, 0) as normal
      from projects p
      left join per_project pp on pp.project_id = p.id
      left join model_stats ms on ms.project_id = p.id
      where ${projectFilter(sql`p.id`, projectIds)}
      order by p.name`);
    return found.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      models: num(row.models),
      trainedModels: num(row.trained),
      bestValidationAccuracy: numOrNull(row.best),
      analyses: num(row.analyses),
      meanConcentration: numOrNull(row.conc),
      meanProgressiveMotility: numOrNull(row.progressive),
      meanTotalMotility: numOrNull(row.total),
      normalConcentrationCount: num(row.normal),
    }));
  }

  async function members(projectIds: readonly string[] | null): Promise<MemberFigures[]> {
    const found = await rows<Record<string, unknown>>(sql`
      select m.project_id, p.name as project_name, u.id as user_id, u.display_name, u.email,
        m.access_level, u.is_active
      from project_members m join projects p on p.id = m.project_id join users u on u.id = m.user_id
      where ${projectFilter(sql`m.project_id`, projectIds)}
      order by p.name, u.display_name`);
    return found.map((row) => ({
      projectId: String(row.project_id),
      projectName: String(row.project_name),
      userId: String(row.user_id),
      displayName: String(row.display_name),
      email: String(row.email),
      accessLevel: String(row.access_level),
      isActive: row.is_active === true,
    }));
  }

  return { datasetFigures, projectFigures, members };
}
export type ProjectDashboardRepository = ReturnType<typeof createProjectDashboardRepository>;
