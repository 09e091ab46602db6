import { parentPort, workerData } from 'node:worker_threads';
import { type ImportLimits, readImportTable } from './import-table';

/**
 * The parsing worker of the product import (import-table-runner.ts starts it): the file arrives in
 * `workerData`, the table (or the refusal naming a limit) goes back as one message. Parsing here keeps
 * a slow or huge file off the event loop that answers shoppers; the runner stops this thread when it
 * runs out of time, and V8 stops it when it runs out of its heap.
 */
const { bytes, limits } = workerData as { bytes: Uint8Array; limits: ImportLimits };
const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
parentPort?.postMessage(await readImportTable(buffer, limits));
