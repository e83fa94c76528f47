// A chat event's text is stored apart from the event (a `chat` table keyed
// by room and v) so it can be deleted after the retention period while the
// event itself, like every event, stays for ever.

// The event's data as the events table keeps it, and the text to keep apart
// (null when the event carries none).
export function splitChat(event) {
  const data = event.data ?? null;
  if (event.type !== 'chat' || data === null || typeof data !== 'object' || typeof data.text !== 'string') {
    return { data, text: null };
  }
  const { text, ...rest } = data;
  return { data: rest, text };
}

// The event's data as it was appended; `text: null` once the text is purged.
// (Chat events written before the split still carry their text in data.)
export function mergeChat(type, data, text) {
  if (type !== 'chat' || data === null || typeof data !== 'object' || 'text' in data) return data;
  return { ...data, text: text ?? null };
}
