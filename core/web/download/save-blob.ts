/** How long a saved file's Blob URL lives: the browser may start reading it after the click returns. */
export const BLOB_URL_LIFETIME_MS = 10_000;

/** Saves a Blob as a file named `fileName` (the browser's download), through a Blob URL freed soon after. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}
