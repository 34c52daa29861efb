/** Saves a Blob through a temporary object URL and an `<a download>` (no new window, no navigation). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the save in some browsers; a minute later it is surely done.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
