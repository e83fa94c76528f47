// Files for the import/export dialog: saving a text as a download and
// reading a file the player picked. The game says what the file holds
// (recordFile(), openFile(name, text)); this only moves bytes.

export function downloadText({ name, mime, text }) {
  const url = URL.createObjectURL(new Blob([text], { type: mime || 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The local date as a file name carries it: YYYYMMDD.
export function fileDay(date) {
  const two = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
}

// Resolves with {name, text} of the file the player picked, or null.
export async function readPickedFile(input) {
  const file = input.files && input.files[0];
  if (!file) return null;
  const text = await file.text();
  return { name: file.name, text };
}
