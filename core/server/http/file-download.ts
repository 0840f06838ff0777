/**
 * What a route handler returns to answer with a file instead of JSON: the pipeline sends `data`
 * with its content type and `Content-Disposition: attachment`.
 */
export class FileDownload {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly data: Uint8Array | string,
  ) {}
}
