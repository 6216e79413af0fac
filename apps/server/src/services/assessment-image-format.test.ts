import { describe, expect, it } from 'vitest';
import { encodeGrayPng } from '../media/png.js';
import { imageSize, sniffImageFormat } from './assessment-image-format.js';

describe('sniffImageFormat', () => {
  it('knows PNG, JPEG and both TIFF byte orders by their signatures', () => {
    expect(sniffImageFormat(encodeGrayPng(3, 2, new Uint8Array(6)))).toBe('png');
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(Uint8Array.from([0x49, 0x49, 0x2a, 0x00]))).toBe('tiff');
    expect(sniffImageFormat(Uint8Array.from([0x4d, 0x4d, 0x00, 0x2a]))).toBe('tiff');
  });

  it('refuses anything else, whatever its name says', () => {
    expect(sniffImageFormat(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffImageFormat(new Uint8Array(0))).toBeNull();
  });
});

describe('imageSize', () => {
  it('reads a PNG header', () => {
    expect(imageSize(encodeGrayPng(31, 17, new Uint8Array(31 * 17)), 'png')).toEqual({
      width: 31,
      height: 17,
    });
  });

  it('reads a JPEG start-of-frame after other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x40, 0x01, 0x2c, 0x01, 0x01];
    const bytes = Uint8Array.from([0xff, 0xd8, ...app0, ...sof0, 0, 0, 0]);
    expect(imageSize(bytes, 'jpeg')).toEqual({ width: 300, height: 64 });
  });

  it('answers null for a truncated header', () => {
    expect(imageSize(Uint8Array.from([0xff, 0xd8, 0xff]), 'jpeg')).toBeNull();
  });
});
