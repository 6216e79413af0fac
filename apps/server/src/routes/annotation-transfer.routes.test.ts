import {
  AnnotationImportResponseSchema,
  DataLabelSchema,
  DataLabelWithItemsSchema,
  DatasetSchema,
  DetectFramesResponseSchema,
  ExtractFramesResponseSchema,
  FrameListResponseSchema,
  defaultDataLabelName,
} from '@sarm/contracts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { multipartBody, projectWithMember, waitForTask } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { parseCoco } from '../services/annotation-formats/coco.js';
import { parseMot } from '../services/annotation-formats/mot.js';
import { parseYolo } from '../services/annotation-formats/yolo.js';
import type { ExchangeFrame } from '../services/annotation-formats/model.js';

type Caller = Awaited<ReturnType<typeof caller>>;
let server: TestServer;
let owner: Caller;
let reviewer: Caller;
let outsider: Caller;
let datasetId: string;
/** Four uploads of the same recording: the source and three fresh targets. */
let videos: { id: string }[];
const size = { width: 160, height: 120 };

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  owner = await caller(server, { email: 'owner@example.org' });
  reviewer = await caller(server, { email: 'reviewer@example.org' });
  outsider = await caller(server, { email: 'outsider@example.org' });
  await grantCustomRole(server, owner.user.id, ['finetune.*']);
  await grantCustomRole(server, reviewer.user.id, ['finetune.review_annotations']);
  await grantCustomRole(server, outsider.user.id, ['finetune.*']);
  const project = await projectWithMember(server, owner.user.id, 'Exchange');
  await server.context.repositories.projects.addMember({
    projectId: project.id,
    userId: reviewer.user.id,
    accessLevel: 'member',
  });
  await projectWithMember(server, outsider.user.id, 'Elsewhere');
  datasetId = DatasetSchema.parse(
    (
      await owner.call('POST', '/api/sarm/dataset/create-dataset', {
        name: 'Exchange set',
        project_id: project.id,
      })
    ).json(),
  ).id;
  videos = [];
  for (let i = 0; i < 4; i++)
    videos.push(...(await seedSimulatedVideos(server, owner.headers, datasetId, 1, 31)));
  const source = videos[0]?.id ?? '';
  const extraction = await owner.call('POST', '/api/sarm/frames/extract', {
    videoId: source,
    config: { method: 'fps', fps: 5, quality: 95, maxFrames: 6 },
  });
  await waitForTask(
    server,
    ExtractFramesResponseSchema.parse(extraction.json()).task_id,
    owner.headers,
  );
  const frames = FrameListResponseSchema.parse(
    (await owner.call('GET', `/api/sarm/media/list-frames/${source}`)).json(),
  ).frames;
  const detection = await owner.call('POST', '/api/sarm/detection/detect-frames', {
    frame_ids: frames.map((frame) => frame.id),
  });
  await waitForTask(
    server,
    DetectFramesResponseSchema.parse(detection.json()).task_id,
    owner.headers,
  );
}, 120_000);
afterAll(async () => {
  await server.close();
});

const videoId = (index: number) => videos[index]?.id ?? '';

async function exportZip(who: Caller, url: string, body: object) {
  const response = await who.call('POST', url, body);
  return { response, files: response.statusCode === 200 ? unzipSync(response.rawPayload) : {} };
}

async function importFile(
  who: Caller,
  target: string,
  format: string,
  file: { name: string; content: Buffer },
  dataLabelId?: string,
) {
  const body = multipartBody(
    { format, ...(dataLabelId === undefined ? {} : { data_label_id: dataLabelId }) },
    { ...file, type: 'application/octet-stream' },
  );
  return server.app.inject({
    method: 'POST',
    url: `/api/sarm/detection/import-video/${target}`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

/** The boxes of the frames that have any, as comparable numbers. */
function boxesOf(frames: ExchangeFrame[]) {
  return frames
    .filter((frame) => frame.boxes.length > 0)
    .map((frame) => ({
      frame: frame.frameNumber,
      boxes: frame.boxes.map((b) => [
        ...[b.x1, b.y1, b.x2, b.y2].map((v) => Math.round(v * 100) / 100),
        b.className,
        b.trackId,
      ]),
    }));
}

const readers: Record<string, (files: Record<string, Uint8Array>) => ExchangeFrame[]> = {
  coco: (files) => parseCoco(strFromU8(files['annotations.json'] ?? new Uint8Array()), 'a', size),
  yolo: (files) =>
    parseYolo(
      Object.entries(files)
        .filter(([name]) => name.startsWith('labels_ftid/'))
        .map(([name, data]) => ({ name, text: strFromU8(data) })),
      size,
    ),
  mot: (files) => parseMot(strFromU8(files['gt/gt.txt'] ?? new Uint8Array()), 'gt.txt', size),
};

describe('export and import of annotations', () => {
  it.each([
    ['coco', 1],
    ['yolo', 2],
    ['mot', 3],
  ])(
    'round-trips %s: export, import into a fresh video of the same file, export again',
    async (format, target) => {
      const first = await exportZip(owner, `/api/sarm/detection/export-video/${videoId(0)}`, {
        format,
      });
      expect(first.response.statusCode).toBe(200);
      expect(first.response.headers['content-type']).toBe('application/zip');
      const names = Object.keys(first.files);
      expect(names.some((name) => /\.jpg$/.test(name))).toBe(true);
      if (format === 'yolo') expect(names).toContain('data.yaml');
      if (format === 'mot') expect(names).toContain('seqinfo.ini');
      const exported = readers[format]?.(first.files) ?? [];
      expect(boxesOf(exported).length).toBeGreaterThan(2);

      const zip = Buffer.from(
        zipSync(
          Object.fromEntries(
            Object.entries(first.files).filter(([name]) => !name.endsWith('.jpg')),
          ),
        ),
      );
      const imported = await importFile(owner, videoId(target), format, {
        name: `${format}.zip`,
        content: zip,
      });
      expect(imported.statusCode).toBe(200);
      const counts = AnnotationImportResponseSchema.parse(imported.json());
      const boxCount = exported.reduce((sum, frame) => sum + frame.boxes.length, 0);
      expect(counts).toMatchObject({ success: true, boxes: boxCount });
      expect(counts.frames_extracted).toBe(counts.frames);
      expect(counts.tracks).toBeGreaterThan(0);

      const second = await exportZip(owner, `/api/sarm/detection/export-video/${videoId(target)}`, {
        format,
        include_original_images: false,
      });
      expect(Object.keys(second.files).some((name) => name.endsWith('.jpg'))).toBe(false);
      expect(boxesOf(readers[format]?.(second.files) ?? [])).toEqual(boxesOf(exported));
    },
    60_000,
  );

  it('exports one frame and a data label, leaving bad items out', async () => {
    const frames = FrameListResponseSchema.parse(
      (await owner.call('GET', `/api/sarm/media/list-frames/${videoId(0)}`)).json(),
    ).frames;
    const frame = frames[0];
    if (frame === undefined) throw new Error('no frame');
    const single = await exportZip(owner, `/api/sarm/detection/export-frame/${frame.id}`, {
      format: 'coco',
    });
    const coco = parseCoco(
      strFromU8(single.files['annotations.json'] ?? new Uint8Array()),
      'a',
      size,
    );
    expect(coco.map((f) => f.frameNumber)).toEqual([frame.frameNumber]);

    const label = DataLabelSchema.parse(
      (
        await owner.call('POST', '/api/sarm/annotation/create-label', {
          name: defaultDataLabelName(owner.user.id, datasetId, 'detection'),
          dataset_id: datasetId,
          label_type: 'detection',
        })
      ).json(),
    );
    await owner.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: label.id,
      frame_id: frame.id,
    });
    const items = DataLabelWithItemsSchema.parse(
      (await owner.call('GET', `/api/sarm/annotation/get-label/${label.id}?limit=1000`)).json(),
    ).items;
    const bad = items[0];
    if (bad === undefined) throw new Error('no item');
    await owner.call(
      'PATCH',
      `/api/sarm/annotation/datasets/${datasetId}/data-labels/${label.id}/items/${bad.id}/quality`,
      { quality: 'bad' },
    );
    const exported = await exportZip(
      reviewer,
      `/api/annotations/sam2/datasets/${datasetId}/data-labels/${label.id}/export`,
      { format: 'yolo', include_original_images: true },
    );
    expect(exported.response.statusCode).toBe(200);
    const yolo = parseYolo(
      Object.entries(exported.files)
        .filter(([name]) => name.startsWith('labels/'))
        .map(([name, data]) => ({ name, text: strFromU8(data) })),
      size,
    );
    expect(yolo.flatMap((f) => f.boxes)).toHaveLength(items.length - 1);
    expect(Object.keys(exported.files)).toContain(
      `images/frame_${String(frame.frameNumber).padStart(6, '0')}.jpg`,
    );
  });

  it('imports VISEM-style YOLO labels into a data label', async () => {
    const label = DataLabelSchema.parse(
      (
        await owner.call('POST', '/api/sarm/annotation/create-label', {
          name: 'VISEM import',
          dataset_id: datasetId,
          label_type: 'detection',
        })
      ).json(),
    );
    const zip = Buffer.from(
      zipSync({
        'labels_ftid/video_1_frame_4.txt': strToU8('7 0 0.5 0.5 0.1 0.1\n8 0 0.2 0.3 0.1 0.1\n'),
        'labels/video_1_frame_4.txt': strToU8('0 0.5 0.5 0.1 0.1\n0 0.2 0.3 0.1 0.1\n'),
      }),
    );
    const answer = AnnotationImportResponseSchema.parse(
      (
        await importFile(owner, videoId(1), 'yolo', { name: 'visem.zip', content: zip }, label.id)
      ).json(),
    );
    expect(answer).toMatchObject({ frames: 1, boxes: 2, tracks: 2, data_label_id: label.id });
    const stored = DataLabelWithItemsSchema.parse(
      (await owner.call('GET', `/api/sarm/annotation/get-label/${label.id}`)).json(),
    );
    expect(stored.item_count).toBe(2);
    expect(stored.items.map((item) => item.detection.track_id).sort()).toEqual([7, 8]);
    expect(stored.items.every((item) => item.detection.source === 'import')).toBe(true);
  });

  it('refuses bad files naming the line and stores nothing', async () => {
    const before = await server.context.repositories.videos.allFrames(videoId(3));
    const outside = await importFile(owner, videoId(3), 'mot', {
      name: 'gt.txt',
      content: Buffer.from('1,1,10,10,5,5,1,-1,-1,-1\n2,1,150,10,20,5,1,-1,-1,-1\n'),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      message: 'gt.txt line 2: box outside the 160x120 frame',
    });
    const pastEnd = await importFile(owner, videoId(3), 'yolo', {
      name: 'frame_999.txt',
      content: Buffer.from('0 0.5 0.5 0.1 0.1\n'),
    });
    expect(pastEnd.statusCode).toBe(400);
    expect(pastEnd.body).toMatch(/"message":"Frame 999 is past the end/);
    const wrong = await importFile(owner, videoId(3), 'coco', {
      name: 'gt.json',
      content: Buffer.from('{"images": 3}'),
    });
    expect(wrong.statusCode).toBe(400);
    const noFormat = await importFile(owner, videoId(3), 'voc', {
      name: 'gt.txt',
      content: Buffer.from('1,1,10,10,5,5\n'),
    });
    expect(noFormat.statusCode).toBe(400);
    expect(await server.context.repositories.videos.allFrames(videoId(3))).toHaveLength(
      before.length,
    );
  });

  it('checks permissions and hides other projects', async () => {
    const file = { name: 'gt.txt', content: Buffer.from('1,1,10,10,5,5,1,-1,-1,-1\n') };
    expect((await importFile(reviewer, videoId(3), 'mot', file)).statusCode).toBe(403);
    expect((await importFile(outsider, videoId(3), 'mot', file)).statusCode).toBe(404);
    const foreign = await outsider.call(
      'POST',
      `/api/sarm/detection/export-video/${videoId(0)}`,
      {},
    );
    expect(foreign.statusCode).toBe(404);
    const bad = await owner.call('POST', `/api/sarm/detection/export-video/${videoId(0)}`, {
      format: 'voc',
    });
    expect(bad.statusCode).toBe(400);
    const byReviewer = await reviewer.call(
      'POST',
      `/api/sarm/detection/export-video/${videoId(0)}`,
      {},
    );
    expect(byReviewer.statusCode).toBe(200);
  });
});
