/** Saves a Blob or text as a file through a temporary object URL (no server round trip). */
export function download(name: string, content: Blob | string, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: the download may still be reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
