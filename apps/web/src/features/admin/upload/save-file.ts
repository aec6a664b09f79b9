/** Offers a Blob as a download through a temporary link (works for files built in the browser too). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const revoke = URL.revokeObjectURL.bind(URL);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Not revoked at once: some browsers start reading the Blob only after the click has returned.
  setTimeout(() => revoke(url), 30_000);
}

/** A CSV text as a download: UTF-8 (the text carries its own BOM), CSV type. */
export function saveCsv(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
