import { describe, expect, it } from 'vitest';
import { createHeapCheck, effectiveHeapLimit, WASM_HEAP_MAX_BYTES } from './wasm-heap.js';

const MB = 1024 * 1024;

describe('createHeapCheck', () => {
  it('fails before the batch that would pass the limit, from the largest growth seen', () => {
    let heap = 100 * MB;
    const check = createHeapCheck(() => heap, 999 * MB);
    check();
    heap = 400 * MB;
    check(); // 400 MB + 300 MB of growth fits
    heap = 650 * MB;
    check(); // 650 MB + 300 MB fits
    heap = 700 * MB;
    // 700 MB + the 300 MB a batch has been seen to add would pass 999 MB: refused before the batch.
    expect(check).toThrow(
      'Training needs more memory than the WebAssembly heap allows (1000 MB of 999 MB): use fewer frames per batch or a smaller input size',
    );
  });

  it('never allows more than the backend’s own maximum', () => {
    expect(effectiveHeapLimit(undefined)).toBe(WASM_HEAP_MAX_BYTES);
    expect(effectiveHeapLimit(8 * 1024 * MB)).toBe(WASM_HEAP_MAX_BYTES);
    expect(effectiveHeapLimit(512 * MB)).toBe(512 * MB);
  });
});
