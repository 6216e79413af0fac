import { createVideoWriter } from '@sarm/casa/node';
import { TaskSchema, type Task } from '@sarm/contracts';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestServer } from './test-server.js';

/** Writes a tiny moving-gradient video (64x48, 20 frames at 10 fps by default). */
export async function writeTestVideo(
  dir: string,
  name = 'sample.mp4',
  options: { frames?: number; codec?: 'libx264' | 'mjpeg' } = {},
): Promise<string> {
  const file = path.join(dir, name);
  const [width, height] = [64, 48];
  const writer = createVideoWriter(file, {
    width,
    height,
    fps: 10,
    pixelFormat: 'gray',
    codec: options.codec ?? 'libx264',
  });
  for (let index = 0; index < (options.frames ?? 20); index++) {
    const frame = new Uint8Array(width * height);
    for (let i = 0; i < frame.length; i++) frame[i] = (i + index * 7) % 256;
    await writer.write(frame);
  }
  await writer.close();
  return file;
}

/** A multipart/form-data body with text fields and one file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string },
) {
  const boundary = `----sarm${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file !== undefined)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'video/mp4'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file over HTTP. */
export async function uploadFile(
  server: TestServer,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; path?: string; content?: Buffer },
  url = '/api/sarm/video/upload-video',
) {
  const content =
    file === undefined ? undefined : (file.content ?? (await readFile(file.path ?? '')));
  const body = multipartBody(
    fields,
    file === undefined || content === undefined ? undefined : { name: file.name, content },
  );
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Polls GET /api/tasks/:id until the task leaves queued/running; answers every state seen. */
export async function waitForTask(
  server: TestServer,
  id: string,
  headers: Record<string, string>,
): Promise<{ task: Task; seen: Task[] }> {
  const deadline = Date.now() + 30_000;
  const seen: Task[] = [];
  for (;;) {
    const response = await server.app.inject({ method: 'GET', url: `/api/tasks/${id}`, headers });
    const task = TaskSchema.parse(response.json());
    seen.push(task);
    if (task.status !== 'queued' && task.status !== 'running') return { task, seen };
    if (Date.now() > deadline) throw new Error(`Task ${id} still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Inserts a project with the user as a member. */
export async function projectWithMember(server: TestServer, userId: string, name = 'Clinic A') {
  const { projects } = server.context.repositories;
  const project = await projects.insertProject({ name, description: 'Test project' });
  await projects.addMember({ projectId: project.id, userId, accessLevel: 'member' });
  return project;
}
