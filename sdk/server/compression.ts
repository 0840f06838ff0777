/**
 * Compression for stored blobs (the dialog engine's trained models), on its own path so that code
 * running in a worker thread takes it without the rest of the server SDK.
 */
export { deflateSync, inflateSync } from 'node:zlib';
