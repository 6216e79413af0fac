import { describe, expect, it } from 'vitest';
import { tablesReadBy, writeEffectOf } from './sql-tables.js';

describe('writeEffectOf', () => {
  it('finds the targets of inserts, updates, deletes and truncates', () => {
    expect(writeEffectOf('insert into "videos" ("id") values ($1) returning "id"')).toEqual({
      kind: 'tables',
      tables: ['videos'],
    });
    expect(writeEffectOf('update "frames" set "note" = $1 where "frames"."id" = $2')).toEqual({
      kind: 'tables',
      tables: ['frames'],
    });
    expect(writeEffectOf('DELETE FROM public.detections WHERE id = $1')).toEqual({
      kind: 'tables',
      tables: ['detections'],
    });
    expect(writeEffectOf('truncate table "a", "b" cascade')).toEqual({
      kind: 'tables',
      tables: ['a', 'b'],
    });
  });

  it('finds writes inside WITH and upserts, and ignores row locks and literals', () => {
    expect(
      writeEffectOf(
        'with "moved" as (update "detections" set "track_id" = $1 returning "id") select count(*) from "moved"',
      ),
    ).toEqual({ kind: 'tables', tables: ['detections'] });
    expect(
      writeEffectOf(
        'insert into "settings" ("key") values ($1) on conflict ("key") do update set "value" = excluded."value"',
      ),
    ).toEqual({ kind: 'tables', tables: ['settings'] });
    expect(writeEffectOf('select * from "tasks" where "id" = $1 for update')).toEqual({
      kind: 'none',
    });
    expect(writeEffectOf(`select 'update "users" set' from "a"; select 1`)).toEqual({
      kind: 'none',
    });
    expect(writeEffectOf('with "x" as (select 1) select * from "x"')).toEqual({ kind: 'none' });
  });

  it('treats transaction control as no write, and unknown statements as writing everything', () => {
    expect(writeEffectOf('begin')).toEqual({ kind: 'none' });
    expect(writeEffectOf('COMMIT')).toEqual({ kind: 'none' });
    expect(writeEffectOf('alter table "videos" add column "x" int')).toEqual({ kind: 'all' });
    expect(writeEffectOf('begin; create table "t" (id int); commit')).toEqual({ kind: 'all' });
    expect(writeEffectOf('update (select 1)')).toEqual({ kind: 'all' });
  });
});

describe('tablesReadBy', () => {
  it('names the tables after FROM and JOIN, in sub-queries and lateral joins too', () => {
    const sql =
      'select "videos"."id", (select count(*) from "frames" where "frames"."video_id" = "videos"."id") ' +
      'from "videos" left join "datasets" on "datasets"."id" = "videos"."dataset_id" ' +
      'left join lateral (select * from "detections" "d") "d" on true ' +
      'inner join "public"."projects" "p" on "p"."id" = "datasets"."project_id" where "videos"."id" = $1';
    expect(tablesReadBy(sql).sort()).toEqual(
      ['datasets', 'detections', 'frames', 'projects', 'videos'].sort(),
    );
  });

  it('follows comma-separated lists and skips function calls', () => {
    expect(
      tablesReadBy('select * from a x, "b" where x.id in (select id from unnest($1))'),
    ).toEqual(['a', 'b']);
  });
});
