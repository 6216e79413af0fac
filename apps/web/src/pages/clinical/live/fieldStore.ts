/**
 * Recorded fields kept in the browser (IndexedDB) until the server confirmed their upload, so a
 * network failure, a server restart or a closed tab loses nothing: on reopening the page the
 * fields left are offered for upload.
 */

/** One recorded field waiting for its upload. */
export interface StoredField {
  readonly id: string;
  readonly datasetId: string;
  readonly number: number;
  readonly name: string;
  /** ISO time the recording started. */
  readonly recordedAt: string;
  readonly durationS: number;
  readonly blob: Blob;
}

const DATABASE = 'sarm-live-capture';
const STORE = 'fields';
const VERSION = 1;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('datasetId', 'datasetId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

/** Runs one request in a transaction and answers its result once the transaction committed. */
async function inStore<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    db.close();
  }
}

/** Keeps a recorded field until {@link forgetField} is called for it. */
export async function keepField(field: StoredField): Promise<void> {
  await inStore('readwrite', (store) => store.put(field));
}

/** Drops a field the server has confirmed (or the technician discarded before upload). */
export async function forgetField(id: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(id));
}

const isStoredField = (value: unknown): value is StoredField =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'datasetId' in value &&
  'blob' in value &&
  value.blob instanceof Blob;

/** The fields of a sample still waiting for their upload, oldest first. */
export async function fieldsLeft(datasetId: string): Promise<StoredField[]> {
  const rows = await inStore('readonly', (store) =>
    store.index('datasetId').getAll(IDBKeyRange.only(datasetId)),
  );
  return rows.filter(isStoredField).sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}
