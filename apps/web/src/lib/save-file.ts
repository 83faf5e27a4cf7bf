/** Hands a downloaded file to the browser's save, as a link with `download` would. */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser reads the file after the click returns; a minute is ample before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
