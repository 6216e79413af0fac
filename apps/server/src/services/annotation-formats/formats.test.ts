import { describe, expect, it } from 'vitest';
import { parseCoco, toCoco } from './coco.js';
import { frameNumberOf, type ExchangeFrame } from './model.js';
import { parseMot, toMot } from './mot.js';
import { parseYolo, toYolo, yoloDataYaml } from './yolo.js';

const size = { width: 640, height: 480 };
const frames: ExchangeFrame[] = [
  {
    frameNumber: 0,
    boxes: [
      { x1: 10, y1: 20, x2: 30.5, y2: 41, className: 'sperm', confidence: 0.9, trackId: 1 },
      { x1: 600, y1: 400, x2: 640, y2: 480, className: 'cluster', confidence: 0.5, trackId: 2 },
    ],
  },
  {
    frameNumber: 12,
    boxes: [
      {
        x1: 12,
        y1: 22,
        x2: 32.5,
        y2: 43,
        className: 'small_or_pinhead',
        confidence: 1,
        trackId: 1,
      },
    ],
  },
];
const corners = (list: ExchangeFrame[]) =>
  list.map((f) => ({
    frame: f.frameNumber,
    boxes: f.boxes.map((b) => [b.x1, b.y1, b.x2, b.y2].map((v) => Number(v.toFixed(3)))),
  }));

describe('annotation formats', () => {
  it('reads back what it writes, in COCO, YOLO and MOT', () => {
    const coco = parseCoco(toCoco(frames, size), 'annotations.json', size);
    expect(coco).toEqual(frames);
    const yoloFiles = [...toYolo(frames, size, true)].map(([name, text]) => ({ name, text }));
    const yolo = parseYolo(yoloFiles, size);
    expect(corners(yolo)).toEqual(corners(frames));
    expect(yolo.flatMap((f) => f.boxes.map((b) => [b.className, b.trackId]))).toEqual([
      ['sperm', 1],
      ['cluster', 2],
      ['small_or_pinhead', 1],
    ]);
    const mot = parseMot(toMot(frames), 'gt.txt', size);
    expect(corners(mot)).toEqual(corners(frames));
    expect(mot.flatMap((f) => f.boxes.map((b) => b.trackId))).toEqual([1, 2, 1]);
  });

  it('writes MOT frames from 1 and Ultralytics data.yaml with the classes', () => {
    expect(toMot(frames).split('\n')[0]).toBe('1,1,10,20,20.5,21,0.9,-1,-1,-1');
    expect(yoloDataYaml()).toContain('  2: small_or_pinhead');
    expect(toYolo(frames, size).get('frame_000012.txt')).toBe(
      '2 0.034766 0.067708 0.032031 0.043750\n',
    );
  });

  it('reads VISEM-Tracking labels_ftid lines (track id first) and plain YOLO lines', () => {
    const parsed = parseYolo(
      [
        { name: 'labels_ftid/video_11_frame_7.txt', text: '5 0 0.5 0.5 0.1 0.1\n' },
        { name: 'labels/video_11_frame_8.txt', text: '1 0.5 0.5 0.1 0.1\n\n' },
      ],
      size,
    );
    expect(parsed.map((f) => f.frameNumber)).toEqual([7, 8]);
    expect(parsed[0]?.boxes[0]).toMatchObject({ trackId: 5, className: 'sperm', x1: 288 });
    expect(parsed[1]?.boxes[0]).toMatchObject({ trackId: null, className: 'cluster' });
  });

  it('names the file and line of a bad entry', () => {
    expect(() => parseMot('1,1,10,10,5,5,1,-1,-1,-1\n2,1,630,10,20,5,1\n', 'gt.txt', size)).toThrow(
      'gt.txt line 2: box outside the 640x480 frame',
    );
    expect(() => parseMot('0,1,10,10,5,5\n', 'gt.txt', size)).toThrow(
      'gt.txt line 1: frame numbers start at 1',
    );
    expect(() => parseYolo([{ name: 'frame_3.txt', text: '0 0.5 0.5\n' }], size)).toThrow(
      'frame_3.txt line 1: expected',
    );
    expect(() => parseYolo([{ name: 'frame_3.txt', text: '9 0.5 0.5 0.1 0.1' }], size)).toThrow(
      'frame_3.txt line 1: unknown class 9',
    );
    expect(() => parseCoco('{"images": []}', 'a.json', size)).toThrow(
      'a.json: not COCO detection JSON',
    );
    expect(() => parseCoco('nope', 'a.json', size)).toThrow('a.json: not valid JSON');
  });

  it('takes the frame number from the last digits of a name', () => {
    expect(frameNumberOf('labels/frame_000123.txt')).toBe(123);
    expect(frameNumberOf('video_12_frame_45.txt')).toBe(45);
    expect(frameNumberOf('labels/readme.txt')).toBeNull();
  });
});
